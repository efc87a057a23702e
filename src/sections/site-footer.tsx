import { paths } from '../../common/routes/routes'
import { footer } from '@/content/landing'
import { siteConfig } from '../../common/site-config/site-config'
import { clientEnv } from '@/config/bundle-env'
import { ConsentManageButton } from '@/features/consent/consent-banner'

export function SiteFooter() {
  return (
    <footer className="below-fold bg-slate-900 px-4 py-10 text-slate-200">
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ul className="flex flex-wrap gap-3" aria-label="Protection des données">
          {footer.badges.map((badge) => (
            <li
              key={badge.label}
              className="flex items-center gap-2 rounded-lg border border-slate-600 px-3 py-2"
            >
              <span className="rounded bg-white px-2 py-0.5 text-sm font-bold text-slate-900">
                {badge.label}
              </span>
              <span className="text-sm">{badge.text}</span>
            </li>
          ))}
        </ul>
        <nav aria-label={footer.navLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <a href={paths.legalNotice} className="underline hover:text-white">
                {footer.legalNoticeLink}
              </a>
            </li>
            <li>
              <a href={paths.privacyPolicy} className="underline hover:text-white">
                {footer.privacyPolicyLink}
              </a>
            </li>
            {clientEnv.metaPixelId ? (
              <li>
                <ConsentManageButton className="cursor-pointer underline hover:text-white" />
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="text-sm text-slate-300">
          © {siteConfig.company.legalName} · {siteConfig.company.oriasCategory}, ORIAS n°&nbsp;
          {siteConfig.company.orias}
        </p>
      </div>
    </footer>
  )
}
