import { adminCopy } from '../admin-copy'

export function FunnelScreen() {
  return <p className="text-slate-700">{adminCopy.placeholder}</p>
}
