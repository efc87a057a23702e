/**
 * The withdrawal pages are served under the site's Content-Security-Policy (the one the build
 * writes into `_headers`, applied by the relay to every answer): they must work with no script
 * at all, their styles and form allowed by that policy, and a token never able to break out.
 */
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../scripts/headers-file'
import {
  confirmWithdrawalPage,
  invalidLinkPage,
  withdrawalPath,
  withdrawnPage,
} from './withdrawal-page'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('the withdrawal pages', () => {
  const policy = directives(
    contentSecurityPolicy({
      leadEndpoint: '/api/leads',
      pageViewEndpoint: '/api/page-views',
      metaPixelId: '1234567890',
      usesLeadRelay: true,
    }),
  )
  const pages = [
    confirmWithdrawalPage('jeton'),
    withdrawnPage(),
    invalidLinkPage('invalid'),
    invalidLinkPage('expired'),
    invalidLinkPage('unknown'),
  ]

  it.each(pages.map((page) => [page.slice(page.indexOf('<h1>'), page.indexOf('</h1>') + 5), page]))(
    '%s needs no script, nothing from elsewhere, and only what the policy allows',
    (_title, page) => {
      expect(page).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
      expect(page).not.toMatch(/(src|href)="(https?:)?\/\//)
      expect(page.startsWith('<!doctype html><html lang="fr">')).toBe(true)
      if (page.includes('<style>')) expect(policy.get('style-src')).toContain("'unsafe-inline'")
    },
  )

  it('asks for one click with a form the policy lets post to the relay itself', () => {
    const page = confirmWithdrawalPage('abc.123.sig')
    expect(page).toContain(`<form method="post" action="${withdrawalPath}">`)
    expect(page).toContain('<input type="hidden" name="jeton" value="abc.123.sig">')
    expect(page.match(/<button/g)).toHaveLength(1)
    expect(policy.get('form-action')).toEqual(["'self'"])
  })

  it('escapes a token that tries to break out of its attribute', () => {
    const page = confirmWithdrawalPage('"><script>alert(1)</script>')
    expect(page).not.toContain('<script>')
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
  })
})
