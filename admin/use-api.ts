import { useCallback, useEffect, useState } from 'react'
import { api, ApiError } from './api'

export interface Loaded<T> {
  data: T | undefined
  error: string | undefined
  loading: boolean
  /** Asks again, keeping what is shown until the answer comes. */
  reload: () => void
}

/** The answer of a GET to `path`, asked again whenever `path` changes; stale answers are dropped. */
export function useApi<T>(path: `/admin/api/${string}` | null): Loaded<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<string>()
  const [round, setRound] = useState(0)
  // The request the shown answer (or error) belongs to: loading until it is the latest one.
  const [answered, setAnswered] = useState<string>()
  const asked = `${path ?? ''}#${round}`

  useEffect(() => {
    if (path === null) return
    let current = true
    const request = `${path}#${round}`
    api<T>(path).then(
      (answer) => {
        if (!current) return
        setData(answer)
        setError(undefined)
        setAnswered(request)
      },
      (failure: unknown) => {
        if (!current) return
        setError(failure instanceof ApiError ? failure.message : String(failure))
        setAnswered(request)
      },
    )
    return () => {
      current = false
    }
  }, [path, round])

  const reload = useCallback(() => setRound((value) => value + 1), [])
  return { data, error, loading: path !== null && answered !== asked, reload }
}

/** The query string of the set values, with a leading `?`, or `''`. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
