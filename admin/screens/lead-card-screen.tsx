import { useState } from 'react'
import type { LeadCard as Lead } from '../../common/back-office/screens-api'
import { adminScreens } from '../../common/back-office/back-office-routes'
import { adminCopy } from '../admin-copy'
import { LeadCard } from '../components/lead-card'
import { Message } from '../components/ui'
import { leadCardScreenCopy as copy } from '../copy/lead-card-screen'
import { Link } from '../router'
import { useApi } from '../use-api'

/** One lead's card, where a tapped notification or the alert email's link leads the advisor. */
export function LeadCardScreen({ leadId }: { leadId: string }) {
  const answer = useApi<{ lead: Lead }>(`/admin/api/leads/${leadId}`)
  // The card as a recorded call left it, until the page is asked again.
  const [changed, setChanged] = useState<Lead>()
  const lead = changed ?? answer.data?.lead
  return (
    <div className="space-y-4">
      {answer.error && <Message tone="error">{answer.error}</Message>}
      {!lead && !answer.error && (
        <p role="status" className="text-sm text-slate-700">
          {adminCopy.loading}
        </p>
      )}
      {lead && <LeadCard lead={lead} onChanged={setChanged} />}
      <Link href={adminScreens[0].path} className="inline-block text-blue-800 underline">
        {copy.backToList}
      </Link>
    </div>
  )
}
