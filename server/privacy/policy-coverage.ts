/**
 * At start, holds the server's destinations to the privacy policy the build published: a setting
 * that sends visitors' data to a recipient the policy does not name stops the server (one message
 * per variable); a recipient named but sent nothing is only a warning.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  policyRecordFile,
  undeclaredRecipients,
  unusedRecipients,
  type PolicyRecord,
  type RecipientSetting,
} from '../../common/site-config/privacy-recipients'

/** The destinations the server itself sends to; the VITE_* ones were checked by the build. */
const serverSettings: RecipientSetting[] = [
  'LEAD_FORWARD_URL',
  'PAGE_VIEW_FORWARD_URL',
  'SMTP_URL',
  'NTFY_URL',
  'META_CAPI_TOKEN',
]

export async function readPolicyRecord(distDir: string): Promise<PolicyRecord | undefined> {
  try {
    return JSON.parse(await readFile(path.join(distDir, policyRecordFile), 'utf8')) as PolicyRecord
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

export function policyCoverage(
  env: Record<string, string | undefined>,
  record: PolicyRecord | undefined,
  distDir: string,
): { errors: string[]; warnings: string[] } {
  if (!record) {
    const used = serverSettings.filter((setting) => env[setting]?.trim())
    return {
      errors: used.map(
        (setting) =>
          `${setting} is set, but ${path.join(distDir, policyRecordFile)} is missing, so the privacy policy cannot be checked to name its recipient: build the site again (npm run build).`,
      ),
      warnings: [],
    }
  }
  return {
    errors: undeclaredRecipients(env, record, serverSettings),
    warnings: unusedRecipients(env, record),
  }
}
