import { useId, useState, type FormEvent } from 'react'
import { api, ApiError } from '../api'
import { buttonClass, inputClass, labelClass, Message } from '../components/ui'
import { dateTime, phoneText } from '../format'

interface ErasePreview {
  email: string
  leads: { id: string; receivedAt: string; nom: string; prenom: string; telephone: string }[]
  calls: number
  deliveredTo: string[]
}

const exportText =
  'Le fichier CSV contient toutes les demandes conservées, avec leur origine, la simulation et la preuve du consentement (séparateur «\u00a0;\u00a0», lisible par Excel). Pour n’exporter qu’une partie, filtrez la liste de l’écran Appels puis utilisez son bouton d’export. Chaque export est enregistré dans le journal des actions.'

const plural = (value: number, one: string, many: string) => `${value} ${value > 1 ? many : one}`

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
        text: `${plural(erased, 'demande effacée', 'demandes effacées')} pour ${preview.email}, avec ses appels et ses livraisons.`,
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
          Exporter les demandes
        </h2>
        <p className="text-sm text-slate-700">{exportText}</p>
        <a
          href="/admin/api/export.csv"
          download
          className={`${buttonClass.secondary} inline-block`}
        >
          Exporter toutes les demandes (CSV)
        </a>
      </section>

      <section aria-labelledby={`${id}-erase`} className="space-y-3">
        <h2 id={`${id}-erase`} className="text-lg font-semibold text-slate-900">
          Effacer une personne
        </h2>
        <p className="text-sm text-slate-700">
          À la demande d’une personne (droit à l’effacement), supprimez toutes ses demandes, ses
          appels et ses livraisons. Vous verrez d’abord ce qui sera effacé.
        </p>
        <form onSubmit={(event) => void look(event)} className="flex flex-wrap items-end gap-3">
          <label className={`${labelClass} min-w-64 flex-1`}>
            Email de la personne
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
            Voir ce qui sera effacé
          </button>
        </form>
        {message && <Message tone={message.tone}>{message.text}</Message>}
        {preview &&
          (preview.leads.length === 0 ? (
            <Message tone="info">Aucune demande enregistrée pour {preview.email}.</Message>
          ) : (
            <div
              role="region"
              aria-labelledby={`${id}-preview`}
              className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-red-200"
            >
              <h3 id={`${id}-preview`} className="font-semibold text-slate-900">
                Seront effacés pour {preview.email}
                {'\u00a0:'}
              </h3>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-900">
                {preview.leads.map((lead) => (
                  <li key={lead.id}>
                    la demande de {lead.prenom} {lead.nom} ({phoneText(lead.telephone)}) reçue le{' '}
                    {dateTime(lead.receivedAt)}
                  </li>
                ))}
                <li>{plural(preview.calls, 'appel enregistré', 'appels enregistrés')}</li>
                <li>l’historique de ses livraisons</li>
              </ul>
              {preview.deliveredTo.length > 0 && (
                <p className="text-sm text-slate-800">
                  {`Ses demandes ont déjà été transmises à\u00a0: ${preview.deliveredTo.join(', ')}. Ces copies ne sont pas effacées ici\u00a0: supprimez-les aussi dans ces outils.`}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={busy}
                  className={buttonClass.danger}
                  onClick={() => void erase()}
                >
                  Effacer définitivement {plural(preview.leads.length, 'demande', 'demandes')}
                </button>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => setPreview(undefined)}
                >
                  Annuler
                </button>
              </div>
            </div>
          ))}
      </section>
    </div>
  )
}
