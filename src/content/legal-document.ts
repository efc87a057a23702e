/** Shape of the legal pages' text: titled sections of paragraphs and lists, with inline links. */
export type Inline = string | { text: string; href: string }
export type LegalBlock = { paragraph: readonly Inline[] } | { list: readonly (readonly Inline[])[] }

export interface LegalSection {
  title: string
  blocks: readonly LegalBlock[]
}

export interface LegalDocument {
  title: string
  intro?: string
  updatedOn: string
  sections: readonly LegalSection[]
}

export const p = (...parts: Inline[]): LegalBlock => ({ paragraph: parts })
export const list = (...items: (string | Inline[])[]): LegalBlock => ({
  list: items.map((item) => (typeof item === 'string' ? [item] : item)),
})
