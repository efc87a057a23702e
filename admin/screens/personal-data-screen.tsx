import { adminCopy } from '../admin-copy'

export function PersonalDataScreen() {
  return <p className="text-slate-700">{adminCopy.placeholder}</p>
}
