/**
 * Partner logos. The shipped ones are neutral drawings of our own with placeholder names: replace
 * them with the partners' real names and logo files (with their permission) before going live.
 */
export interface Partner {
  name: string
  /** Shape drawn as the logo's mark. */
  mark: 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon' | 'arc'
  color: string
}

export const partners = [
  { name: 'Assureur Alpha', mark: 'circle', color: '#1e3a8a' },
  { name: 'Banque Bêta', mark: 'square', color: '#065f46' },
  { name: 'Mutuelle Gamma', mark: 'triangle', color: '#7c2d12' },
  { name: 'Assureur Delta', mark: 'diamond', color: '#581c87' },
  { name: 'Banque Epsilon', mark: 'hexagon', color: '#134e4a' },
  { name: 'Prévoyance Zêta', mark: 'arc', color: '#1f2937' },
] as const satisfies readonly Partner[]
