import { describe, expect, it } from 'vitest'
import { readSiteConfig } from '../../scripts/site-config/read-site-config'
import { brokerIdentity, demoSite, formatAddress, siteConfig, supervisor } from './site-config'

describe('site configuration', () => {
  it('is the checked site.config file, compiled in by the build', () => {
    const loaded = readSiteConfig()
    expect(siteConfig).toEqual(loaded.config)
    expect(demoSite).toBe(loaded.samples.length > 0)
    expect(brokerIdentity).toEqual({
      legalName: loaded.config.company.legalName,
      orias: loaded.config.company.orias,
    })
  })
})

describe('formatAddress', () => {
  it('writes street, postal code, city and country on one line', () => {
    expect(formatAddress(supervisor.address)).toBe(
      '4 place de Budapest, CS 92459, 75436 Paris Cedex 09, France',
    )
  })
})
