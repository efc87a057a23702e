import { useState } from 'react'
import type { DeliveryEntry } from '../../common/back-office/screens-api'
import { api, ApiError } from '../api'
import { replayButtonCopy as copy } from '../copy/replay-button'
import { buttonClass } from './ui'

/**
 * Puts a parked delivery back in the queue; the worker sends it within seconds. Says what
 * happened next to the button, and lets the screen refresh its list.
 */
export function ReplayButton({
  delivery,
  who,
  onReplayed,
}: {
  delivery: Pick<DeliveryEntry, 'leadId' | 'destination' | 'destinationLabel' | 'event'>
  /** Whose delivery, for the button's accessible name. */
  who: string
  onReplayed: () => void
}) {
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: boolean }>({
    busy: false,
  })

  async function replay() {
    setState({ busy: true })
    try {
      await api('/admin/api/deliveries/replay', {
        method: 'POST',
        body: {
          leadId: delivery.leadId,
          destination: delivery.destination,
          event: delivery.event,
        },
      })
      setState({ busy: false, done: true })
      onReplayed()
    } catch (failure) {
      setState({
        busy: false,
        error: failure instanceof ApiError ? failure.message : String(failure),
      })
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={state.busy}
        aria-label={copy.label(delivery.destinationLabel, who)}
        onClick={() => void replay()}
      >
        {state.busy ? copy.replaying : copy.replay}
      </button>
      <span role={state.error ? 'alert' : 'status'} className="text-xs text-slate-700">
        {state.error ?? (state.done ? copy.replayed : '')}
      </span>
    </div>
  )
}
