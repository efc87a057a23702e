// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LeadCard as Lead } from '../../common/back-office/screens-api'
import { LeadCard } from './lead-card'

function lead(telephone: string): Lead {
  return {
    id: '0198f3a0-0000-7000-8000-000000000001',
    receivedAt: '2026-11-24T09:30:00.000Z',
    nom: 'Payet',
    prenom: 'Maëlle',
    email: 'maelle@exemple.re',
    telephone,
    callback: null,
    simulation: null,
    origin: {},
    consentWithdrawnAt: null,
    withdrawalToConfirmAt: null,
    claimedBy: null,
    claimedAt: null,
    status: 'nouveau',
    statusLabel: 'Nouveau',
    statusChangedAt: null,
    standing: {
      state: 'nouveau',
      stateLabel: 'À appeler',
      reason: null,
      reasonText: null,
      deadline: '2026-12-24T09:30:00.000Z',
      attemptsLeft: 4,
      nextCallAt: null,
      calls: 0,
      lastCall: null,
    },
    requests: [],
    plan: {
      at: '2026-11-24T09:30:00.000Z',
      basis: 'premier_appel',
      text: 'maintenant (premier appel)',
      allowedNow: true,
      dueNow: true,
      agreedAt: null,
      callBefore: '2026-12-24T09:30:00.000Z',
      notNowText: null,
    },
  }
}

describe('a lead’s card', () => {
  afterEach(cleanup)

  it.each([
    ['0692123456', 'tel:+262692123456', '06\u00a092\u00a012\u00a034\u00a056'],
    ['0696123456', 'tel:+596696123456', '06\u00a096\u00a012\u00a034\u00a056'],
    ['0612345678', 'tel:+33612345678', '06\u00a012\u00a034\u00a056\u00a078'],
  ])('dials %s with its own country code (%s), shown in pairs', (telephone, href, shown) => {
    render(<LeadCard lead={lead(telephone)} onChanged={() => {}} />)
    const link = screen.getByRole('link', { name: shown })
    expect(link).toHaveAttribute('href', href)
  })
})
