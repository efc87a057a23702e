import { paths } from '@/config/routes'
import { skipLinkLabel } from '@/content/pages'
import { siteConfig } from '@/content/site-config'

export function SiteHeader() {
  return (
    <header className="bg-brand-900 px-4 py-3 text-white">
      <a
        href="#contenu"
        className="sr-only rounded bg-white px-3 py-2 font-bold text-brand-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10"
      >
        {skipLinkLabel}
      </a>
      <div className="mx-auto flex max-w-5xl items-center justify-between">
        <a href={paths.home} className="flex items-center gap-2 font-extrabold">
          <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
            <path d="M16 3 4 8v8c0 7 5 11.5 12 13 7-1.5 12-6 12-13V8z" fill="#f59e0b" />
            <path d="m11 16 3.5 3.5L21.5 12" stroke="#172554" strokeWidth="3" fill="none" />
          </svg>
          {siteConfig.brandName}
        </a>
      </div>
    </header>
  )
}
