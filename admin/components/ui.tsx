/** The few pieces every screen shares: buttons' looks and the messages that answer an action. */
import type { ReactNode } from 'react'

export const buttonClass = {
  primary:
    'rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-400',
  secondary:
    'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500',
  danger:
    'rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400',
} as const

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base font-normal text-slate-900'

export const labelClass = 'block text-sm font-medium text-slate-900'

/** A failure says so at once (`alert`); anything else waits its turn (`status`). */
export function Message({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
}) {
  const look = {
    error: 'bg-red-50 text-red-900 ring-red-200',
    success: 'bg-green-50 text-green-900 ring-green-200',
    info: 'bg-slate-100 text-slate-800 ring-slate-200',
  }[tone]
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md p-3 text-sm ring-1 ${look}`}
    >
      {children}
    </p>
  )
}

/** A term and its value in a card's description list; nothing when there is no value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/** A table's head row: one column header per label; numbers' columns aligned right. */
export function ColumnHeads({
  columns,
}: {
  columns: readonly { label: ReactNode; numeric?: boolean; className?: string }[]
}) {
  return (
    <thead className="bg-slate-100 text-xs tracking-wide text-slate-700 uppercase">
      <tr>
        {columns.map((column, index) => (
          <th
            key={index}
            scope="col"
            className={`px-3 py-2 ${column.numeric ? 'text-right' : ''} ${column.className ?? ''}`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
