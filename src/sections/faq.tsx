import { PageSection } from '@/components/page-section'
import { faqItems } from '@/content/faq'
import { faqSection } from '@/content/landing'

/** Group name shared by the items: the browser keeps at most one of them open. */
export const faqGroupName = 'faq'

/**
 * Native disclosure widgets: readable and usable with the keyboard before any script, and kept to
 * one open item by the shared `name` (a small script does the same where browsers lack it).
 */
export function Faq() {
  return (
    <PageSection id="faq" title={faqSection.title} className="bg-slate-50">
      <div className="mx-auto mt-8 flex max-w-3xl flex-col gap-3">
        {faqItems.map((item) => (
          <details
            key={item.question}
            name={faqGroupName}
            className="rounded-xl bg-white ring-1 ring-slate-200"
          >
            <summary className="flex min-h-12 items-center justify-between gap-4 p-4 font-bold text-brand-900">
              <span>{item.question}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                width="20"
                height="20"
                className="faq-chevron shrink-0 transition-transform"
                fill="currentColor"
              >
                <path d="M5.3 7.3 10 12l4.7-4.7 1.4 1.4L10 14.8 3.9 8.7z" />
              </svg>
            </summary>
            <div className="flex flex-col gap-2 px-4 pb-4 text-slate-700">
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </PageSection>
  )
}
