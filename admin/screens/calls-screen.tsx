import { useId, useState, type FormEvent } from 'react'
import { callStateLabels } from '../../common/calls/call-copy'
import { callStates } from '../../common/calls/call-rules'
import type { LeadCard as Lead } from '../../common/back-office/screens-api'
import { adminCopy } from '../admin-copy'
import { LeadCard } from '../components/lead-card'
import { callsScreenCopy as copy } from '../copy/calls-screen'
import { buttonClass, inputClass, labelClass, Message } from '../components/ui'
import { useApi } from '../use-api'

interface LeadsAnswer {
  total: number
  leads: Lead[]
  page: number
  pageSize: number
  campaigns: string[]
  callingHours: { open: boolean; text: string }
}

const stateOptions = callStates.map((value) => ({ value, label: callStateLabels[value] }))

/** The select's value for leads that came without a campaign (the API's empty `campagne`). */
const noCampaign = '(aucune)'

interface Filter {
  q: string
  campaign: string
  state: string
  order: 'urgence' | 'recents'
  /** "À appeler maintenant": the persons callable now, soonest due first. */
  dueNow: boolean
}

const emptyFilter: Filter = { q: '', campaign: '', state: '', order: 'urgence', dueNow: true }

/** The API's parameters for a filter; `page` only for the list, not the export. */
function params(filter: Filter, page?: number): string {
  const query = new URLSearchParams()
  if (filter.q.trim()) query.set('q', filter.q.trim())
  if (filter.campaign) query.set('campagne', filter.campaign === noCampaign ? '' : filter.campaign)
  if (filter.state) query.set('etat', filter.state)
  if (filter.dueNow) query.set('maintenant', '1')
  if (page !== undefined) {
    query.set('tri', filter.order)
    query.set('page', String(page))
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** Where the filters start open: wider than a phone held upright (Tailwind's `sm`). */
const roomyScreen = '(min-width: 40rem)'

/**
 * The home screen: the leads to call, most urgent first, searched and filtered, and their export.
 * On a phone the filters start folded, so that the first lead shows without scrolling.
 */
export function CallsScreen() {
  const id = useId()
  const [filtersOpen, setFiltersOpen] = useState(() => window.matchMedia(roomyScreen).matches)
  const [filter, setFilter] = useState<Filter>(emptyFilter)
  const [page, setPage] = useState(1)
  const list = useApi<LeadsAnswer>(`/admin/api/leads${params(filter, page)}`)
  // Cards changed by a recorded call, until the list is asked again.
  const [changed, setChanged] = useState<{ of?: LeadsAnswer; leads: Record<string, Lead> }>({
    leads: {},
  })
  const leads = (list.data?.leads ?? []).map((lead) =>
    changed.of === list.data ? (changed.leads[lead.id] ?? lead) : lead,
  )

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setFilter({
      q: String(form.get('q') ?? ''),
      campaign: String(form.get('campagne') ?? ''),
      state: String(form.get('etat') ?? ''),
      order: form.get('tri') === 'recents' ? 'recents' : 'urgence',
      // A search looks for someone among every request, due now or not.
      dueNow: false,
    })
    setPage(1)
  }

  const answer = list.data
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1
  const filtered = params({ ...filter, dueNow: false }) !== ''

  return (
    <div className="space-y-4">
      {answer && (
        <Message tone="info">
          {answer.callingHours.open ? copy.callingHours.open : copy.callingHours.closed}
          {answer.callingHours.text}
        </Message>
      )}
      <details
        open={filtersOpen}
        onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
        className="rounded-lg bg-white ring-1 ring-slate-200"
      >
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-slate-900">
          {filtered ? copy.filtersSummaryActive : copy.filtersSummary}
        </summary>
        <form
          role="search"
          aria-label={copy.filters}
          onSubmit={apply}
          className="grid gap-3 px-4 pb-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        >
          <label className={`${labelClass} lg:col-span-2`}>
            {copy.search}
            <input
              name="q"
              type="search"
              defaultValue={filter.q}
              maxLength={200}
              className={inputClass}
            />
          </label>
          <label className={labelClass}>
            {copy.campaign}
            <select name="campagne" defaultValue={filter.campaign} className={inputClass}>
              <option value="">{copy.anyCampaign}</option>
              {answer?.campaigns.map((campaign) =>
                campaign === '' ? (
                  <option key={noCampaign} value={noCampaign}>
                    {copy.noCampaign}
                  </option>
                ) : (
                  <option key={campaign} value={campaign}>
                    {campaign}
                  </option>
                ),
              )}
            </select>
          </label>
          <label className={labelClass}>
            {copy.state}
            <select name="etat" defaultValue={filter.state} className={inputClass}>
              <option value="">{copy.anyState}</option>
              {stateOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            {copy.order}
            <select name="tri" defaultValue={filter.order} className={inputClass}>
              <option value="urgence">{copy.orders.urgence}</option>
              <option value="recents">{copy.orders.recents}</option>
            </select>
          </label>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <button type="submit" className={buttonClass.primary}>
              {copy.filter}
            </button>
            <a
              href={`/admin/api/export.csv${params({ ...filter, dueNow: false })}`}
              download
              className={buttonClass.secondary}
            >
              {filtered ? copy.exportFiltered : copy.exportAll}
            </a>
          </div>
        </form>
      </details>

      <div role="group" aria-label={copy.views.label} className="flex flex-wrap gap-2">
        {([true, false] as const).map((dueNow) => (
          <button
            key={String(dueNow)}
            type="button"
            aria-pressed={filter.dueNow === dueNow}
            className={filter.dueNow === dueNow ? buttonClass.primary : buttonClass.secondary}
            onClick={() => {
              setFilter((current) => ({ ...current, dueNow }))
              setPage(1)
            }}
          >
            {dueNow ? copy.views.dueNow : copy.views.all}
          </button>
        ))}
      </div>
      {list.error && <Message tone="error">{list.error}</Message>}
      <p id={`${id}-count`} role="status" className="text-sm text-slate-700">
        {list.loading && !answer
          ? adminCopy.loading
          : answer &&
            (answer.total === 0
              ? filter.dueNow
                ? copy.noneDueNow
                : filtered
                  ? copy.noMatch
                  : copy.noLeads
              : copy.listCount(answer.total, answer.page, pages))}
      </p>
      <ol aria-labelledby={`${id}-count`} className="space-y-3">
        {leads.map((lead) => (
          <li key={lead.id}>
            <LeadCard
              lead={lead}
              onChanged={(card) => {
                setChanged((current) => ({
                  of: list.data,
                  leads: { ...(current.of === list.data ? current.leads : {}), [card.id]: card },
                }))
                // A list asked for before the call may still be on its way and would hide the
                // card's change: ask again, so that the last answer comes after the call. Not on
                // "À appeler maintenant": the card just called would leave it, and its "Annuler"
                // with it; the list is asked again when the advisor changes view or page.
                if (!filter.dueNow) list.reload()
              }}
            />
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={copy.pages} className="flex items-center gap-3">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page <= 1}
            onClick={() => setPage((value) => value - 1)}
          >
            {copy.previousPage}
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= pages}
            onClick={() => setPage((value) => value + 1)}
          >
            {copy.nextPage}
          </button>
        </nav>
      )}
    </div>
  )
}
