import { callerCopy } from '../../../common/lead/caller-copy'
import { callerVcardPath } from '../../../common/site-config/caller-vcard'
import { siteConfig } from '../../../common/site-config/site-config'

/**
 * Who will call and from which number, with the contact card to save it. Pre-rendered right after
 * the form's island and hidden until the island shows its confirmation (`.caller-card` in
 * styles.css): none of it is in the landing page's script, whose budget it would break, and the
 * photos are fetched only once it shows.
 */
export function CallerCard() {
  const { advisors } = siteConfig.callerTeam
  const photos = advisors.filter((advisor) => advisor.photo)
  return (
    <div className="caller-card">
      {photos.length > 0 ? (
        <div className="flex justify-center gap-2">
          {photos.map((advisor) => (
            // The names are in the sentence below: the photos add nothing for a screen reader.
            <img
              key={advisor.name}
              src={advisor.photo}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 rounded-full object-cover ring-2 ring-white"
            />
          ))}
        </div>
      ) : null}
      <p className="text-slate-800">
        {callerCopy.calledBy(siteConfig)}{' '}
        <strong className="block text-2xl text-slate-900">{siteConfig.callerPhone}</strong>
      </p>
      <a href={callerVcardPath} className="font-bold text-brand-700 underline">
        {callerCopy.saveNumber}
      </a>
      <p className="text-sm text-slate-600">{callerCopy.saveNumberHint}</p>
    </div>
  )
}
