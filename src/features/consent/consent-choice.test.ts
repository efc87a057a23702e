// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { consentMaxAgeDays, consentVersion } from '@/content/consent'
import {
  consentStorageKey,
  readConsentChoice,
  saveConsentChoice,
} from '@/features/consent/consent-choice'

const day = 24 * 60 * 60 * 1000
const now = new Date('2026-11-22T12:00:00.000Z')

describe('consent choice', () => {
  beforeEach(() => localStorage.clear())

  it('is unknown before any choice', () => {
    expect(readConsentChoice(localStorage, now)).toBeUndefined()
  })

  it.each([true, false])(
    'remembers accepted=%s with its date and the banner version',
    (accepted) => {
      saveConsentChoice(localStorage, accepted, now)
      expect(JSON.parse(localStorage.getItem(consentStorageKey) ?? '')).toEqual({
        accepted,
        date: now.toISOString(),
        version: consentVersion,
      })
      expect(readConsentChoice(localStorage, now)).toEqual({
        accepted,
        date: now.toISOString(),
        version: consentVersion,
      })
    },
  )

  it('holds for 6 months, then is asked again', () => {
    saveConsentChoice(localStorage, true, new Date(now.getTime() - consentMaxAgeDays * day))
    expect(readConsentChoice(localStorage, now)?.accepted).toBe(true)
    saveConsentChoice(localStorage, true, new Date(now.getTime() - consentMaxAgeDays * day - 1))
    expect(readConsentChoice(localStorage, now)).toBeUndefined()
  })

  it('is asked again when the banner text changed', () => {
    localStorage.setItem(
      consentStorageKey,
      JSON.stringify({ accepted: true, date: now.toISOString(), version: '2000-01-01' }),
    )
    expect(readConsentChoice(localStorage, now)).toBeUndefined()
  })

  it.each([
    'not json',
    'null',
    '{"accepted":"yes","date":"2026-11-22T12:00:00.000Z"}',
    `{"accepted":true,"date":"not a date","version":"${consentVersion}"}`,
    `{"accepted":true,"date":"2027-06-01T00:00:00.000Z","version":"${consentVersion}"}`,
  ])('ignores a stored value it cannot trust: %s', (stored) => {
    localStorage.setItem(consentStorageKey, stored)
    expect(readConsentChoice(localStorage, now)).toBeUndefined()
  })

  it('survives a storage that refuses to write', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    } as unknown as Storage
    expect(saveConsentChoice(full, false, now)).toEqual({
      accepted: false,
      date: now.toISOString(),
      version: consentVersion,
    })
  })
})
