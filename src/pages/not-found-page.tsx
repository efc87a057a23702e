import { paths } from '../../common/routes/routes'
import { notFoundCopy } from '@/content/pages'
import { SiteFooter } from '@/sections/site-footer'
import { SiteHeader } from '@/sections/site-header'

export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <main
        id="contenu"
        className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      >
        <h1 lang="en" className="text-3xl font-bold text-brand-900">
          {notFoundCopy.title}
        </h1>
        <p className="text-slate-700">{notFoundCopy.text}</p>
        <a
          href={paths.home}
          className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-900"
        >
          {notFoundCopy.homeLink}
        </a>
      </main>
      <SiteFooter />
    </>
  )
}
