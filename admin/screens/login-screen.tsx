import { useId, useState, type FormEvent } from 'react'
import { adminCopy } from '../admin-copy'
import { api, ApiError } from '../api'
import type { AdminUser } from '../admin-user'

const copy = adminCopy.login

/** The label wraps its input: one element to click, and no id to keep unique. */
function Field({ name, label }: { name: 'email' | 'password'; label: string }) {
  return (
    <label className="block text-sm font-medium text-slate-900">
      {label}
      <input
        name={name}
        type={name}
        autoComplete={name === 'email' ? 'username' : 'current-password'}
        required
        className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base font-normal"
      />
    </label>
  )
}

export function LoginScreen({ onLoggedIn }: { onLoggedIn: (user: AdminUser) => void }) {
  const id = useId()
  const [error, setError] = useState<string>()
  const [submitting, setSubmitting] = useState(false)
  const expired = new URLSearchParams(window.location.search).get('session') === 'expiree'

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setSubmitting(true)
    setError(undefined)
    try {
      const user = await api<AdminUser>('/admin/api/login', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password') },
        redirectOnUnauthorized: false,
      })
      onLoggedIn(user)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure))
      setSubmitting(false)
    }
  }

  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase">
        {adminCopy.appName}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{copy.title}</h1>
      {expired && !error && (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {copy.expired}
        </p>
      )}
      <form
        className="mt-6 space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
        onSubmit={(event) => void submit(event)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <Field name="email" label={copy.email} />
        <Field name="password" label={copy.password} />
        <p
          id={`${id}-error`}
          role="alert"
          className="text-sm font-medium text-red-700 empty:hidden"
        >
          {error}
        </p>
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
        >
          {submitting ? copy.submitting : copy.submit}
        </button>
      </form>
    </main>
  )
}
