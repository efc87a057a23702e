/** A device's name from its browser's User-Agent, the way an advisor tells two phones apart. */
const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
]
// Order matters: Edge and Opera say Chrome too, Chrome says Safari too.
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const first = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1]

export function deviceLabel(userAgent: string | null | undefined, fallback: string): string {
  if (!userAgent) return fallback
  const browser = first(browsers, userAgent)
  const system = first(systems, userAgent)
  if (browser && system) return `${browser} sur ${system}`
  return browser ?? system ?? fallback
}
