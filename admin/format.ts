/** How the back-office writes dates, amounts and rates: French, in Paris time. */
import { internationalPhone } from '../src/features/lead/international-phone'

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

/** A stored French number as a `tel:` address: `0612345678` → `tel:+33612345678`. */
export const telHref = (phone: string) => `tel:${internationalPhone(phone)}`

/** A French number as it is read aloud, in pairs: `0612345678` → `06 12 34 56 78`. */
export function phoneText(phone: string): string {
  return /^0\d{9}$/.test(phone) ? phone.replace(/(\d\d)(?=\d)/g, '$1 ') : phone
}
