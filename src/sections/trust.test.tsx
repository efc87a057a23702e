// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { siteConfig } from '../../common/site-config/site-config'
import { Trust } from '@/sections/trust'

afterEach(cleanup)

describe('Trust', () => {
  it('shows each configured partner’s logo file with its alt text', () => {
    render(<Trust />)
    for (const partner of siteConfig.partners) {
      expect(screen.getByRole('img', { name: partner.alt })).toHaveAttribute('src', partner.logo)
    }
  })

  it('says whether and how reviews are checked, and in which order they come', () => {
    render(<Trust />)
    const { checked, method } = siteConfig.reviewPolicy
    const statement = screen.getByText(/classés du plus récent au plus ancien/)
    // textContent as written: Testing Library's matchers would fold the no-break spaces.
    expect(statement.textContent).toContain(
      checked ? `Avis contrôlés\u00a0: ${method}` : 'aucune procédure de contrôle',
    )
  })

  it('shows each review newest first, with its own rating, its date and how it was collected', () => {
    render(<Trust />)
    const cards = screen.getAllByRole('figure')
    const newestFirst = [...siteConfig.testimonials].sort((a, b) => b.date.localeCompare(a.date))
    expect(cards).toHaveLength(newestFirst.length)
    newestFirst.forEach((testimonial, index) => {
      const card = within(cards[index]!)
      expect(
        card.getByRole('img', { name: `Note\u00a0: ${testimonial.rating} sur 5` }),
      ).toBeVisible()
      expect(cards[index]!.querySelector('blockquote')!.textContent).toBe(
        `«\u00a0${testimonial.text}\u00a0»`,
      )
      const date = card.getByText(/^Avis du /)
      expect(date).toHaveAttribute('datetime', testimonial.date)
      expect(date.parentElement!.textContent).toContain(testimonial.collection)
    })
  })

  it('gives every review of the example a rating of its own, not all five stars', () => {
    expect(new Set(siteConfig.testimonials.map((item) => item.rating)).size).toBeGreaterThan(1)
  })
})
