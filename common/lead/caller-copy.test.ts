import { describe, expect, it } from 'vitest'
import { whoCalls } from './caller-copy'

const advisors = (...names: string[]) => names.map((name) => ({ name, photo: undefined }))

describe('who calls, in words', () => {
  it('names the advisors, the last after « ou », then their team', () => {
    const callerTeam = { name: 'Conseil Lyon', advisors: advisors('Claire', 'Karim', 'Sophie') }
    expect(whoCalls({ brandName: 'Marque', callerTeam })).toBe(
      'Claire, Karim ou Sophie, de l’équipe Conseil Lyon',
    )
    expect(
      whoCalls({
        brandName: 'Marque',
        callerTeam: { ...callerTeam, advisors: advisors('Claire') },
      }),
    ).toBe('Claire, de l’équipe Conseil Lyon')
  })

  it('says an advisor of the team, the brand’s when the team has no name of its own', () => {
    expect(whoCalls({ brandName: 'Marque', callerTeam: { name: undefined, advisors: [] } })).toBe(
      'un conseiller de l’équipe Marque',
    )
  })
})
