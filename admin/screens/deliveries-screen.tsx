import { adminCopy } from '../admin-copy'

export function DeliveriesScreen() {
  return <p className="text-slate-700">{adminCopy.placeholder}</p>
}
