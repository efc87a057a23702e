import { callbackAnchorId, simulationFormId } from '../../common/routes/anchors'
import { paths } from '../../common/routes/routes'
import { leadFormCopy, leadFormNotice } from '../../common/lead/lead-form-copy'
import { formSection } from '@/content/landing'
import { Island } from '@/islands/island'
import { CallerCard } from '@/features/lead/caller-card'
import { EstimateMethod } from '@/sections/estimate-method'

/**
 * The estimate and the callback request, side by side in one section: either can be filled first,
 * and the request can always be sent without an estimate.
 */
export function SimulationFormSection() {
  return (
    <section
      id={simulationFormId}
      aria-labelledby={`${simulationFormId}-title`}
      className="scroll-mt-4 bg-brand-50 px-3 py-6 sm:px-4 sm:py-10"
    >
      <div className="mx-auto flex max-w-xl flex-col gap-5 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8">
        <div>
          <h2 id={`${simulationFormId}-title`} className="text-2xl font-bold text-brand-900">
            {formSection.title}
          </h2>
          <p className="mt-2 text-slate-700">{formSection.lead}</p>
        </div>
        <Island name="savings-estimator" />
        <EstimateMethod />
        <div>
          <h3
            id={callbackAnchorId}
            className="mb-4 scroll-mt-4 border-t border-slate-200 pt-5 text-lg font-bold text-brand-900"
          >
            {formSection.callbackTitle}
          </h3>
          <Island name="lead-form" />
          <CallerCard />
          <p className="mt-4 text-xs leading-relaxed text-slate-600">
            {leadFormNotice}{' '}
            <a href={paths.privacyPolicy} className="font-bold text-brand-700 underline">
              {leadFormCopy.privacyLinkText}
            </a>
          </p>
        </div>
      </div>
    </section>
  )
}
