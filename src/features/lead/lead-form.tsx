import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
} from 'react'
import { FormField } from '@/components/form-field'
import { clientEnv } from '@/config/bundle-env'
import { paths } from '../../../common/routes/routes'
import { leadFormCopy } from '../../../common/lead/lead-form-copy'
import {
  isLeadValid,
  leadFieldMaxLength,
  leadFieldNames,
  validateConsent,
  validateField,
  validateLead,
  type LeadControlName,
  type LeadDraft,
  type LeadErrors,
  type LeadFieldName,
} from '../../../common/lead/lead-schema'
import { currentSimulation } from '@/features/estimate/estimate-store'
import {
  buildLeadPayload,
  callbackSlots,
  honeypotField,
  type CallbackSlot,
  type LeadPayload,
} from '../../../common/lead/lead-contract'
import { LeadConfirmation } from '@/features/lead/lead-confirmation'
import { LeadSubmitError, submitLead } from '@/features/lead/submit-lead'

type Status = 'editing' | 'submitting' | 'success'

const callbackFieldName = 'rappel_prefere'

const controlNames: readonly LeadControlName[] = [...leadFieldNames, 'consentement']

const emptyDraft: LeadDraft = { nom: '', prenom: '', email: '', telephone: '', consentement: false }

const inputAttributes: Record<LeadFieldName, { type: string; inputMode?: 'email' | 'tel' }> = {
  nom: { type: 'text' },
  prenom: { type: 'text' },
  email: { type: 'email', inputMode: 'email' },
  telephone: { type: 'tel', inputMode: 'tel' },
}

/** Reads what the form's controls hold now, including what was typed before hydration. */
function readDraft(form: HTMLFormElement): LeadDraft {
  const data = new FormData(form)
  const text = (name: LeadFieldName) => {
    const value = data.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    nom: text('nom'),
    prenom: text('prenom'),
    email: text('email'),
    telephone: text('telephone'),
    consentement: data.get('consentement') !== null,
  }
}

function readCallback(form: HTMLFormElement): CallbackSlot {
  const value = new FormData(form).get(callbackFieldName)
  return callbackSlots.find((slot) => slot === value) ?? 'des_que_possible'
}

/** Puts the focus on the first control with a message, where the visitor has something to do. */
function focusFirstError(form: HTMLFormElement | null, errors: LeadErrors) {
  const first = controlNames.find((name) => errors[name])
  form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
}

/** The relay's messages for the form's own controls; other keys are no visitor's to correct. */
function refusedControls(error: unknown): LeadErrors {
  const fields = error instanceof LeadSubmitError ? error.fields : {}
  const errors: LeadErrors = {}
  for (const name of controlNames) {
    const message = fields[name]
    if (typeof message === 'string') errors[name] = message
  }
  return errors
}

function newEventId(): string {
  return (
    crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  )
}

export function LeadForm() {
  const [draft, setDraft] = useState<LeadDraft>(emptyDraft)
  const [errors, setErrors] = useState<LeadErrors>({})
  const [status, setStatus] = useState<Status>('editing')
  const [generalError, setGeneralError] = useState(false)
  const [sent, setSent] = useState<LeadPayload | undefined>()
  const formRef = useRef<HTMLFormElement>(null)
  const sendingRef = useRef(false)

  useEffect(() => {
    if (formRef.current) setDraft(readDraft(formRef.current))
  }, [])

  function clearErrorOf(name: LeadControlName) {
    setGeneralError(false)
    setErrors(({ [name]: _cleared, ...rest }) => rest)
  }

  function handleFieldChange(event: ChangeEvent<HTMLInputElement>) {
    const name = event.target.name as LeadFieldName
    const value = event.target.value
    setDraft((current) => ({ ...current, [name]: value }))
    clearErrorOf(name)
  }

  function handleFieldBlur(event: FocusEvent<HTMLInputElement>) {
    const name = event.target.name as LeadFieldName
    const message = validateField(name, event.target.value)
    setErrors((current) => ({ ...current, [name]: message }))
  }

  function handleConsentChange(event: ChangeEvent<HTMLInputElement>) {
    const checked = event.target.checked
    setDraft((current) => ({ ...current, consentement: checked }))
    clearErrorOf('consentement')
  }

  function handleConsentBlur(event: FocusEvent<HTMLInputElement>) {
    const message = validateConsent(event.target.checked)
    setErrors((current) => ({ ...current, consentement: message }))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sendingRef.current) return
    const current = readDraft(event.currentTarget)
    const found = validateLead(current)
    setDraft(current)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget, found)
      return
    }
    // A robot filled the field people never see: thank it, send nothing.
    const trap = new FormData(event.currentTarget).get(honeypotField)
    if (typeof trap === 'string' && trap.trim()) {
      setStatus('success')
      return
    }
    const callback = readCallback(event.currentTarget)
    sendingRef.current = true
    setStatus('submitting')
    setGeneralError(false)
    // The pixel is on the page only once the visitor accepted it in the banner. Its Lead event and
    // the lead then share an id, so that Meta keeps one of it and the relay's Conversions API event.
    const adConsent = Boolean(window.fbq)
    const eventId = adConsent ? newEventId() : undefined
    try {
      const payload = buildLeadPayload(current, {
        pageUrl: window.location.href,
        timestamp: new Date().toISOString(),
        consentText: leadFormCopy.consentLabel,
        eventId,
        adConsent,
        callback,
        simulation: currentSimulation(),
        // The page never changes its address: this is the ad link the visitor arrived by.
        origin: Object.fromEntries(new URLSearchParams(window.location.search)),
      })
      await submitLead(payload, clientEnv.leadEndpoint)
      setSent(payload)
      setStatus('success')
      window.fbq?.('track', 'Lead', {}, { eventID: eventId })
    } catch (error) {
      console.error('[lead] submission failed:', error)
      const refused = refusedControls(error)
      setErrors(refused)
      setGeneralError(Object.keys(refused).length === 0)
      setStatus('editing')
      focusFirstError(formRef.current, refused)
    } finally {
      sendingRef.current = false
    }
  }

  if (status === 'success') return <LeadConfirmation lead={sent} />

  const submitting = status === 'submitting'
  // A message the relay sent back stays until the visitor edits that field: sending the same
  // value again could only be refused again.
  const canSubmit = isLeadValid(draft) && !submitting && !Object.values(errors).some(Boolean)
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Demande de simulation"
      className="flex flex-col gap-4"
    >
      {leadFieldNames.map((name) => (
        <FormField
          key={name}
          name={name}
          label={leadFormCopy.fields[name].label}
          type={inputAttributes[name].type}
          inputMode={inputAttributes[name].inputMode}
          autoComplete={leadFormCopy.fields[name].autoComplete}
          maxLength={leadFieldMaxLength}
          hint={leadFormCopy.fields[name].hint}
          error={errors[name]}
          onChange={handleFieldChange}
          onBlur={handleFieldBlur}
        />
      ))}

      <div className="flex flex-col gap-1">
        <label htmlFor="field-rappel-prefere" className="font-bold text-slate-900">
          {leadFormCopy.callback.label}
        </label>
        <select
          id="field-rappel-prefere"
          name={callbackFieldName}
          aria-describedby="field-rappel-prefere-hint"
          className="form-input"
        >
          {callbackSlots.map((slot) => (
            <option key={slot} value={slot}>
              {leadFormCopy.callback.options[slot]}
            </option>
          ))}
        </select>
        <p id="field-rappel-prefere-hint" className="form-hint">
          {leadFormCopy.callback.hint}
        </p>
      </div>

      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input
            id="field-consentement"
            name="consentement"
            type="checkbox"
            required
            aria-invalid={errors.consentement ? true : undefined}
            aria-describedby={errors.consentement ? 'field-consentement-error' : undefined}
            onChange={handleConsentChange}
            onBlur={handleConsentBlur}
            className="mt-1 size-6 shrink-0 accent-brand-600"
          />
          <p className="text-sm text-slate-800">
            <label htmlFor="field-consentement">{leadFormCopy.consentLabel}</label>{' '}
            <a href={paths.privacyPolicy} className="font-bold text-brand-700 underline">
              {leadFormCopy.privacyLinkText}
            </a>
          </p>
        </div>
        {errors.consentement ? (
          <p id="field-consentement-error" className="form-error">
            {errors.consentement}
          </p>
        ) : null}
      </div>

      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="field-site-web">Site web</label>
        <input
          id="field-site-web"
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      {generalError ? (
        <p role="alert" className="form-alert">
          {leadFormCopy.generalError}
        </p>
      ) : null}

      <div className="flex flex-col gap-2">
        <button
          type="submit"
          disabled={!canSubmit}
          aria-describedby={canSubmit || submitting ? undefined : 'lead-submit-hint'}
          className="form-submit"
        >
          {submitting ? leadFormCopy.submitting : leadFormCopy.submit}
        </button>
        {canSubmit || submitting ? null : (
          <p id="lead-submit-hint" className="form-hint">
            {leadFormCopy.submitHint}
          </p>
        )}
      </div>
    </form>
  )
}
