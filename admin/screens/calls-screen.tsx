import { adminCopy } from '../admin-copy'

export function CallsScreen() {
  return <p className="text-slate-700">{adminCopy.placeholder}</p>
}
