import { useEffect, useRef } from 'react'
import { callbackAnchorId } from '../../../common/routes/anchors'
import { estimateRecall } from '../../../common/estimate/estimate-copy'
import { leadFormCopy } from '../../../common/lead/lead-form-copy'
import type { LeadPayload } from '../../../common/lead/lead-contract'

const scrollDelayMs = 100

/**
 * Replaces the form once the lead is accepted; takes focus so screen readers announce it. Repeats
 * the preferred callback time and the estimate the visitor saw (none after the robot trap).
 */
export function LeadConfirmation({ lead }: { lead?: LeadPayload | undefined }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true })
    // SPEC §4: 100 ms after success, the view scrolls to the form's section. To the form's own
    // heading, right above this confirmation: the section's top is the estimate, which on a phone
    // pushed the confirmation below the screen (issue 27).
    const timer = setTimeout(
      () => document.getElementById(callbackAnchorId)?.scrollIntoView({ block: 'start' }),
      scrollDelayMs,
    )
    return () => clearTimeout(timer)
  }, [])
  const { title, text, badges, callback } = leadFormCopy.confirmation
  const simulation = lead?.simulation
  return (
    <div role="status" className="lead-confirmation">
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-success-700">
        {title}
      </h3>
      <p className="text-slate-800">{text}</p>
      {lead?.rappel_prefere ? (
        <p className="font-bold text-slate-900">{callback(lead.rappel_prefere)}</p>
      ) : null}
      {simulation && simulation.economie_max > 0 ? (
        <p className="text-slate-800">
          {estimateRecall(
            simulation.economie_min,
            simulation.economie_max,
            simulation.duree_restante_ans,
          )}
        </p>
      ) : null}
      <ul className="flex flex-wrap justify-center gap-2" aria-label="Nos engagements">
        {badges.map((badge) => (
          <li key={badge} className="lead-badge">
            {badge}
          </li>
        ))}
      </ul>
    </div>
  )
}
