/**
 * A strict reader of vCard 3.0 text (RFC 2426), written from the RFC rather than shared with the
 * builder, so that the tests check the card the way a contacts app reads it. It throws on what a
 * strict reader would refuse: a bare line feed, a physical line over 75 octets, a content line
 * without a colon, a missing BEGIN, VERSION, FN, N or END.
 */
export interface VcardProperty {
  name: string
  params: Record<string, string[]>
  value: string
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\,;nN])/g, (_match, char: string) => (/n/i.test(char) ? '\n' : char))

export function parseVcard(text: string): VcardProperty[] {
  if (!text.endsWith('\r\n')) throw new Error('a vCard ends with CRLF')
  if (/[^\r]\n/.test(text)) throw new Error('a vCard has a line feed without carriage return')
  const physical = text.slice(0, -2).split('\r\n')
  for (const line of physical) {
    if (new TextEncoder().encode(line).length > 75) {
      throw new Error(`line longer than 75 octets: ${line}`)
    }
  }
  const logical: string[] = []
  for (const line of physical) {
    if (/^[ \t]/.test(line)) {
      if (logical.length === 0) throw new Error('a vCard cannot start with a continuation')
      logical[logical.length - 1] += line.slice(1)
    } else logical.push(line)
  }
  const properties = logical.map((line) => {
    const colon = line.indexOf(':')
    if (colon <= 0) throw new Error(`content line without a name and colon: ${line}`)
    const [name = '', ...paramTexts] = line.slice(0, colon).split(';')
    const params: Record<string, string[]> = {}
    for (const param of paramTexts) {
      const [key = '', values = ''] = param.split('=')
      params[key.toUpperCase()] = values.split(',').map((value) => value.toUpperCase())
    }
    return { name: name.toUpperCase(), params, value: line.slice(colon + 1) }
  })
  const names = properties.map((property) => property.name)
  if (names[0] !== 'BEGIN' || properties[0]?.value.toUpperCase() !== 'VCARD') {
    throw new Error('a vCard starts with BEGIN:VCARD')
  }
  if (names.at(-1) !== 'END') throw new Error('a vCard ends with END:VCARD')
  for (const required of ['VERSION', 'FN', 'N']) {
    if (!names.includes(required)) throw new Error(`a vCard 3.0 needs ${required}`)
  }
  return properties
}

/** The text value of the first property of that name, unescaped. */
export function vcardText(properties: VcardProperty[], name: string): string | undefined {
  const found = properties.find((property) => property.name === name)
  return found ? unescapeText(found.value) : undefined
}
