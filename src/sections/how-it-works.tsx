import { PageSection } from '@/components/page-section'
import { howItWorks } from '@/content/landing'

export function HowItWorks() {
  return (
    <PageSection id="comment-ca-marche" title={howItWorks.title}>
      <ol className="mt-8 grid gap-6 sm:grid-cols-3">
        {howItWorks.steps.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col items-center gap-3 rounded-2xl bg-slate-50 p-6 text-center"
          >
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-bold text-brand-900">{step.title}</h3>
            <p className="text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  )
}
