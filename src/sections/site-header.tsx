import { paths } from '../../common/routes/routes'
import { demoNotice, skipLinkLabel } from '@/content/pages'
import { demoSite, siteConfig } from '../../common/site-config/site-config'

/**
 * Every page's header. While the configuration holds samples it starts with a notice, part of the
 * static HTML (no script, no shift once painted), so that a demonstration is never taken for a
 * broker's live site.
 */
export function SiteHeader() {
  return (
    <header className="bg-brand-900 text-white">
      {demoSite ? (
        <p className="bg-amber-100 px-4 py-0.5 text-center text-xs leading-5 text-slate-900">
          <strong>{demoNotice.title}</strong> {demoNotice.text}
        </p>
      ) : null}
      <a
        href="#contenu"
        className="sr-only rounded bg-white px-3 py-2 font-bold text-brand-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10"
      >
        {skipLinkLabel}
      </a>
      <div className="px-4 py-3">
        <div className="mx-auto flex max-w-5xl items-center justify-between">
          <a href={paths.home} className="flex items-center gap-2 font-bold">
            <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
              <path d="M16 3 4 8v8c0 7 5 11.5 12 13 7-1.5 12-6 12-13V8z" fill="#f59e0b" />
              <path d="m11 16 3.5 3.5L21.5 12" stroke="#172554" strokeWidth="3" fill="none" />
            </svg>
            {siteConfig.brandName}
          </a>
        </div>
      </div>
    </header>
  )
}
