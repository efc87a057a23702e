import { paths } from '../../../common/routes/routes'
import { consentCopy } from '@/content/consent'
import { consentDom } from '@/features/consent/consent-dom'

const buttonClass =
  'min-h-12 flex-1 rounded-xl border-2 border-brand-700 px-4 py-2 text-base font-bold text-brand-900 bg-white hover:bg-brand-50'

/**
 * The tracker consent banner, pre-rendered hidden in builds with a pixel id and shown by
 * `entry-consent.ts`. Fixed at the bottom, it covers content without moving it. Both choices
 * have the same size, colour and weight.
 */
export function ConsentBanner({ pixelId }: { pixelId: string }) {
  return (
    <section
      id={consentDom.bannerId}
      {...{ [consentDom.pixelIdAttribute]: pixelId }}
      aria-labelledby={consentDom.titleId}
      tabIndex={-1}
      hidden
      className="fixed inset-x-0 bottom-0 z-20 max-h-[45vh] overflow-y-auto border-t-2 border-brand-700 bg-white px-4 py-3 shadow-2xl"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h2 id={consentDom.titleId} className="text-base font-bold text-brand-900">
            {consentCopy.title}
          </h2>
          <button
            type="button"
            {...{ [consentDom.choiceAttribute]: 'refuse' }}
            aria-label={consentCopy.close}
            className="flex size-10 shrink-0 items-center justify-center rounded-full text-2xl text-slate-700 hover:bg-slate-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="text-sm text-slate-800">
          {consentCopy.text}{' '}
          <a href={paths.privacyPolicy} className="font-bold text-brand-700 underline">
            {consentCopy.privacyLink}
          </a>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            {...{ [consentDom.choiceAttribute]: 'refuse' }}
            className={buttonClass}
          >
            {consentCopy.refuse}
          </button>
          <button
            type="button"
            {...{ [consentDom.choiceAttribute]: 'accept' }}
            className={buttonClass}
          >
            {consentCopy.accept}
          </button>
        </div>
      </div>
    </section>
  )
}

/** The footer's way back to the choice; a button, since it opens something rather than navigating. */
export function ConsentManageButton({ className }: { className: string }) {
  return (
    <button type="button" {...{ [consentDom.openAttribute]: '' }} className={className}>
      {consentCopy.manageLink}
    </button>
  )
}
