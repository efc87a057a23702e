import { useId, useState, type FormEvent } from 'react'
import { api, ApiError } from '../api'
import { buttonClass, inputClass, labelClass, Message } from '../components/ui'
import { personalDataScreenCopy as copy } from '../copy/personal-data-screen'
import { displayPhone } from '../../common/phone'
import { dateTime } from '../format'
import type { ErasePreview } from '../../common/back-office/screens-api'

/**
 * The data rights: the export of every lead (the same file as `leads:export`), and the erasure of
 * a person, found by email, shown in full before anything is deleted. Both are audited.
 */
export function PersonalDataScreen() {
  const id = useId()
  const [preview, setPreview] = useState<ErasePreview>()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string }>()

  const failed = (failure: unknown) =>
    setMessage({
      tone: 'error',
      text: failure instanceof ApiError ? failure.message : String(failure),
    })

  async function look(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    setBusy(true)
    setMessage(undefined)
    setPreview(undefined)
    try {
      setPreview(
        await api<ErasePreview>(`/admin/api/erase-preview?${new URLSearchParams({ email })}`),
      )
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(false)
    }
  }

  async function erase() {
    if (!preview) return
    setBusy(true)
    setMessage(undefined)
    try {
      const { erased } = await api<{ erased: number }>('/admin/api/erase', {
        method: 'POST',
        body: { email: preview.email, leads: preview.leads.length },
      })
      setPreview(undefined)
      setMessage({
        tone: 'success',
        text: copy.erased(erased, preview.email),
      })
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-export`} className="space-y-2">
        <h2 id={`${id}-export`} className="text-lg font-semibold text-slate-900">
          {copy.exportTitle}
        </h2>
        <p className="text-sm text-slate-700">{copy.exportText}</p>
        <a
          href="/admin/api/export.csv"
          download
          className={`${buttonClass.secondary} inline-block`}
        >
          {copy.exportAll}
        </a>
      </section>

      <section aria-labelledby={`${id}-erase`} className="space-y-3">
        <h2 id={`${id}-erase`} className="text-lg font-semibold text-slate-900">
          {copy.eraseTitle}
        </h2>
        <p className="text-sm text-slate-700">{copy.eraseText}</p>
        <form onSubmit={(event) => void look(event)} className="flex flex-wrap items-end gap-3">
          <label className={`${labelClass} min-w-64 flex-1`}>
            {copy.email}
            <input
              name="email"
              type="email"
              required
              maxLength={320}
              autoComplete="off"
              className={inputClass}
            />
          </label>
          <button type="submit" disabled={busy} className={buttonClass.secondary}>
            {copy.look}
          </button>
        </form>
        {message && <Message tone={message.tone}>{message.text}</Message>}
        {preview &&
          (preview.leads.length === 0 ? (
            <Message tone="info">{copy.nothingFor(preview.email)}</Message>
          ) : (
            <div
              role="region"
              aria-labelledby={`${id}-preview`}
              className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-red-200"
            >
              <h3 id={`${id}-preview`} className="font-semibold text-slate-900">
                {copy.previewTitle(preview.email)}
              </h3>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-900">
                {preview.leads.map((lead) => (
                  <li key={lead.id}>
                    {copy.lead(
                      `${lead.prenom} ${lead.nom}`,
                      displayPhone(lead.telephone),
                      dateTime(lead.receivedAt),
                    )}
                  </li>
                ))}
                <li>{copy.calls(preview.calls)}</li>
                <li>{copy.deliveries}</li>
              </ul>
              {preview.deliveredTo.length > 0 && (
                <p className="text-sm text-slate-800">{copy.deliveredTo(preview.deliveredTo)}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  className={buttonClass.danger}
                  onClick={() => void erase()}
                >
                  {copy.erase(preview.leads.length)}
                </button>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => setPreview(undefined)}
                >
                  {copy.cancel}
                </button>
              </div>
            </div>
          ))}
      </section>
    </div>
  )
}
