import { simulationFormId } from '@/config/anchors'
import { paths } from '@/config/routes'
import { leadFormCopy, leadFormNotice } from '@/content/lead-form'
import { formSection } from '@/content/landing'
import { Island } from '@/islands/island'

export function SimulationFormSection() {
  return (
    <section
      id={simulationFormId}
      aria-labelledby={`${simulationFormId}-title`}
      className="scroll-mt-4 bg-brand-50 px-3 py-6 sm:px-4 sm:py-10"
    >
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <h2 id={`${simulationFormId}-title`} className="text-2xl font-extrabold text-brand-900">
          {formSection.title}
        </h2>
        <p className="mt-2 mb-6 text-slate-700">{formSection.lead}</p>
        <Island name="lead-form" />
        <p className="mt-4 text-xs leading-relaxed text-slate-600">
          {leadFormNotice}{' '}
          <a href={paths.privacyPolicy} className="font-semibold text-brand-700 underline">
            {leadFormCopy.privacyLinkText}
          </a>
        </p>
      </div>
    </section>
  )
}
