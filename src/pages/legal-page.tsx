import { Fragment } from 'react'
import { paths } from '../../common/routes/routes'
import type { Inline, LegalBlock, LegalDocument } from '@/content/legal-document'
import { legalPageCopy } from '@/content/pages'
import { SiteFooter } from '@/sections/site-footer'
import { SiteHeader } from '@/sections/site-header'

function InlineText({ parts }: { parts: readonly Inline[] }) {
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <a key={index} href={part.href} className="font-bold text-brand-700 underline">
        {part.text}
      </a>
    ),
  )
}

function Block({ block }: { block: LegalBlock }) {
  if ('paragraph' in block) {
    return (
      <p>
        <InlineText parts={block.paragraph} />
      </p>
    )
  }
  return (
    <ul className="list-disc space-y-1 pl-6">
      {block.list.map((item, index) => (
        <li key={index}>
          <InlineText parts={item} />
        </li>
      ))}
    </ul>
  )
}

/** A legal text page: static HTML, no script. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <>
      <SiteHeader />
      <main id="contenu" className="px-4 py-10">
        <article className="mx-auto flex max-w-3xl flex-col gap-8 text-slate-800">
          <header className="flex flex-col gap-3">
            <a href={paths.home} className="font-bold text-brand-700 underline">
              ← {legalPageCopy.backHome}
            </a>
            <h1 className="text-3xl font-bold text-brand-900">{document.title}</h1>
            {document.intro ? <p>{document.intro}</p> : null}
            <p className="text-sm text-slate-600">
              {legalPageCopy.updatedOn} {document.updatedOn}
            </p>
          </header>
          {document.sections.map((section) => (
            <section key={section.title} className="flex flex-col gap-3">
              <h2 className="text-xl font-bold text-brand-900">{section.title}</h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </article>
      </main>
      <SiteFooter />
    </>
  )
}
