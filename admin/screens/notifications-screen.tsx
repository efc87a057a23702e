import { useEffect, useId, useState } from 'react'
import type { PushSettings } from '../../common/back-office/screens-api'
import { adminCopy } from '../admin-copy'
import { api, ApiError } from '../api'
import { buttonClass, Message } from '../components/ui'
import { notificationsScreenCopy as copy } from '../copy/notifications-screen'
import { deviceLabel } from '../device-label'
import { dateTime } from '../format'
import {
  currentEndpoint,
  permissionDenied,
  pushSupport,
  PushRefusal,
  turnOff,
  turnOn,
} from '../push-device'

type Answer = { tone: 'error' | 'success'; text: string }

function failureText(failure: unknown): string {
  if (failure instanceof PushRefusal) return copy.refusals[failure.reason]
  if (failure instanceof ApiError) return failure.message
  return String(failure)
}

async function loadSettings(): Promise<
  { settings: PushSettings; here: string | undefined } | { error: string }
> {
  try {
    const [settings, here] = await Promise.all([
      api<PushSettings>('/admin/api/push-subscriptions'),
      currentEndpoint().catch(() => undefined),
    ])
    return { settings, here }
  } catch (failure) {
    return {
      error:
        failure instanceof ApiError && failure.status === 404
          ? copy.refusals.unavailable
          : failureText(failure),
    }
  }
}

/**
 * Notifications on this device: what they show, the switch for this browser (the permission is
 * asked only after the advisor's tap, as browsers require), and every device of the account.
 */
export function NotificationsScreen() {
  const id = useId()
  const support = pushSupport()
  const [settings, setSettings] = useState<PushSettings>()
  const [loadError, setLoadError] = useState<string>()
  const [here, setHere] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<Answer>()

  // Asked again after each change, so that the list is the relay's own.
  const [round, setRound] = useState(0)

  useEffect(() => {
    let current = true
    void loadSettings().then((loaded) => {
      if (!current) return
      if ('error' in loaded) return setLoadError(loaded.error)
      setSettings(loaded.settings)
      setHere(loaded.here)
      setLoadError(undefined)
    })
    return () => {
      current = false
    }
  }, [round])

  const subscriptions = settings?.subscriptions ?? []
  const on = here !== undefined && subscriptions.some((entry) => entry.endpoint === here)

  async function act(action: () => Promise<Answer>) {
    setBusy(true)
    setAnswer(undefined)
    try {
      setAnswer(await action())
    } catch (failure) {
      setAnswer({ tone: 'error', text: failureText(failure) })
    } finally {
      setRound((value) => value + 1)
      setBusy(false)
    }
  }

  const toggle = () =>
    act(async () => {
      if (on && here) {
        await turnOff(here)
        return { tone: 'success', text: copy.turnedOff }
      }
      if (!settings) throw new PushRefusal('pushService')
      await turnOn(settings.publicKey)
      return { tone: 'success', text: copy.turnedOn }
    })

  const remove = (endpoint: string, device: string) =>
    act(async () => {
      await turnOff(endpoint)
      return { tone: 'success', text: copy.removed(device) }
    })

  const refusal =
    support !== 'supported'
      ? copy.refusals[support]
      : permissionDenied() && !on
        ? copy.refusals.denied
        : undefined

  return (
    <div className="max-w-2xl space-y-4">
      <p className="text-slate-800">{copy.intro}</p>
      <p className="text-sm text-slate-700">{copy.privacy}</p>
      {loadError && <Message tone="error">{loadError}</Message>}
      {refusal && <Message tone="info">{refusal}</Message>}
      {settings && support === 'supported' && (
        <div className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <p className="text-sm text-slate-900">{on ? copy.thisDeviceOn : copy.thisDeviceOff}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void toggle()}
            className={`${on ? buttonClass.secondary : buttonClass.primary} w-full sm:w-auto`}
          >
            {busy ? copy.working : on ? copy.turnOff : copy.turnOn}
          </button>
        </div>
      )}
      {answer && <Message tone={answer.tone}>{answer.text}</Message>}
      {settings && (
        <section aria-labelledby={`${id}-devices`} className="space-y-2">
          <h2 id={`${id}-devices`} className="text-lg font-semibold text-slate-900">
            {copy.devices}
          </h2>
          {subscriptions.length === 0 ? (
            <p className="text-sm text-slate-700">{copy.noDevices}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
              {subscriptions.map((entry) => {
                const device = deviceLabel(entry.userAgent, copy.unknownDevice)
                const mine = entry.endpoint === here
                return (
                  <li key={entry.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
                    <span className="grow">
                      <span className="font-medium text-slate-900">
                        {device}
                        {mine && copy.thisDevice}
                      </span>
                      <span className="block text-slate-700">
                        {copy.since(dateTime(entry.createdAt))}
                      </span>
                    </span>
                    {!mine && (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => void remove(entry.endpoint, device)}
                        className={buttonClass.secondary}
                        aria-label={copy.remove(device)}
                      >
                        {copy.removeButton}
                      </button>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      )}
      {!settings && !loadError && (
        <p role="status" className="text-sm text-slate-700">
          {adminCopy.loading}
        </p>
      )}
    </div>
  )
}
