import type { ChangeEvent, FocusEvent, HTMLInputTypeAttribute, HTMLAttributes } from 'react'

export interface FormFieldProps {
  name: string
  label: string
  type?: HTMLInputTypeAttribute
  autoComplete: string
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
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
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
        onBlur={onBlur}
        className={`min-h-12 w-full rounded-lg border-2 bg-white px-3 text-base text-slate-900 ${
          error ? 'border-danger-700' : 'border-slate-400 focus:border-brand-600'
        }`}
      />
      {hintId ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
