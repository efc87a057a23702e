/**
 * The legal calling hours (Code de la consommation D223-9): Monday to Friday except public
 * holidays, 10:00–13:00 and 14:00–20:00 in the person's time zone, taken as Paris. The visitor's
 * preferred slots all lie inside them, so no lead's choice opens other hours.
 */

/** A moment's Paris date and time parts (weekday in English, 24-hour clock). */
export const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** Easter Sunday of a year (Gregorian computus). */
function easter(year: number): { month: number; day: number } {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { month, day }
}

const fixedHolidays = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25']

/** France's public holidays of a year as `MM-DD` (Alsace-Moselle's two extra days aside). */
export function frenchPublicHolidays(year: number): string[] {
  const sunday = easter(year)
  const fromEaster = [1, 39, 50].map((offset) => {
    const date = new Date(Date.UTC(year, sunday.month - 1, sunday.day + offset))
    return date.toISOString().slice(5, 10)
  })
  return [...fixedHolidays, ...fromEaster].sort()
}

export function isWithinCallingHours(at: Date): boolean {
  const parts = Object.fromEntries(
    parisParts.formatToParts(at).map((part) => [part.type, part.value]),
  )
  if (parts.weekday === 'Sat' || parts.weekday === 'Sun') return false
  if (frenchPublicHolidays(Number(parts.year)).includes(`${parts.month}-${parts.day}`)) {
    return false
  }
  const hour = Number(parts.hour)
  return (hour >= 10 && hour < 13) || (hour >= 14 && hour < 20)
}
