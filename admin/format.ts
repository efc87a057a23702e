/** How the back-office writes dates, amounts and rates: French, in Paris time. */

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
})
const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
})
const percentFormat = new Intl.NumberFormat('fr-FR', {
  style: 'percent',
  maximumFractionDigits: 1,
})
const countFormat = new Intl.NumberFormat('fr-FR')

/** "23 nov. 2026, 15:04" for an ISO instant. */
export const dateTime = (iso: string) => dateTimeFormat.format(new Date(iso))

/** "23 nov." for a `YYYY-MM-DD` calendar day. */
export const shortDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

export const euros = (amount: number) => euroFormat.format(amount)

export const count = (value: number) => countFormat.format(value)

/** A rate from 0 to 1, or a dash when there was nothing to divide. */
export const percent = (rate: number | null) => (rate === null ? '—' : percentFormat.format(rate))
