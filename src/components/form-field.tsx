import type { ChangeEvent, FocusEvent, HTMLInputTypeAttribute, HTMLAttributes } from 'react'

export interface FormFieldProps {
  name: string
  label: string
  type?: HTMLInputTypeAttribute
  autoComplete: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  maxLength?: number
  hint?: string
  error?: string | undefined
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onBlur: (event: FocusEvent<HTMLInputElement>) => void
}

/**
 * A labelled text input whose message sits right under it and is tied to it by
 * `aria-describedby`. The input is uncontrolled, so what a visitor types before the scripts load
 * stays in place when React takes over.
 */
export function FormField({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  hint,
  error,
  onChange,
  onBlur,
}: FormFieldProps) {
  const id = `field-${name}`
  const hintId = hint && !error ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        onBlur={onBlur}
        className="form-input"
      />
      {hintId ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
