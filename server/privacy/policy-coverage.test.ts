import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { policyRecordFile, type PolicyRecord } from '../../common/site-config/privacy-recipients'
import { policyCoverage, readPolicyRecord } from './policy-coverage'

const record: PolicyRecord = {
  names: {
    leadWebhook: true,
    pageViewWebhook: false,
    emailProvider: false,
    notificationService: false,
    metaConversionsApi: false,
  },
  builtWith: [],
  configFile: 'site.config.yaml',
}

describe('policyCoverage', () => {
  it('refuses each server destination the published policy does not name', () => {
    const { errors } = policyCoverage(
      {
        LEAD_FORWARD_URL: 'https://hooks.test',
        SMTP_URL: 'smtp://mail.test',
        META_CAPI_TOKEN: 'x',
      },
      record,
      'dist',
    )
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(/^SMTP_URL is set, but the privacy policy does not name/)
    expect(errors[1]).toMatch(/^META_CAPI_TOKEN is set, /)
  })

  it('refuses NTFY_URL while the policy names no notification service', () => {
    const { errors } = policyCoverage({ NTFY_URL: 'https://ntfy.sh/alertes-x7' }, record, 'dist')
    expect(errors).toEqual([
      expect.stringMatching(
        /^NTFY_URL is set, but the privacy policy does not name the notification service .*privacy\.notificationService/,
      ),
    ])
    const named = { ...record, names: { ...record.names, notificationService: true } }
    expect(
      policyCoverage({ NTFY_URL: 'https://ntfy.sh/alertes-x7' }, named, 'dist').errors,
    ).toEqual([])
  })

  it('leaves the VITE_* variables to the build, which checked them', () => {
    expect(
      policyCoverage({ VITE_PAGE_VIEW_WEBHOOK_URL: 'https://x.test' }, record, 'dist').errors,
    ).toEqual([])
  })

  it('warns of a recipient named but sent nothing', () => {
    expect(policyCoverage({}, record, 'dist')).toEqual({
      errors: [],
      warnings: [expect.stringContaining('LEAD_FORWARD_URL is not set')],
    })
  })

  it('without the build’s record, refuses any server destination, since nothing says the policy names it', () => {
    expect(policyCoverage({ SMTP_URL: 'smtp://mail.test' }, undefined, 'dist').errors).toEqual([
      `SMTP_URL is set, but ${path.join('dist', policyRecordFile)} is missing, so the privacy policy cannot be checked to name its recipient: build the site again (npm run build).`,
    ])
    expect(policyCoverage({}, undefined, 'dist')).toEqual({ errors: [], warnings: [] })
  })
})

describe('readPolicyRecord', () => {
  it('reads the record the build wrote, or nothing when there is none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'policy-record-'))
    try {
      expect(await readPolicyRecord(dir)).toBeUndefined()
      await writeFile(path.join(dir, policyRecordFile), JSON.stringify(record))
      expect(await readPolicyRecord(dir)).toEqual(record)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
