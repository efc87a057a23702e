import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseDocument } from 'yaml'
import { recipientOf } from '../../common/site-config/privacy-recipients'
import { siteConfigFile } from '../../scripts/site-config/read-site-config'

/**
 * Writes a variant's site configuration: the project's own (site.config.yaml, or the example),
 * with the recipients its settings send data to declared in `privacy`, as a broker using them
 * must, so that the build and the server accept them; `fields` are set as the variant needs.
 */
export function writeVariantSiteConfig(
  file: string,
  settings: Record<string, string>,
  fields: Record<string, string> = {},
): void {
  const doc = parseDocument(readFileSync(siteConfigFile(), 'utf8'))
  for (const [field, value] of Object.entries(fields)) doc.set(field, value)
  for (const [setting, recipient] of Object.entries(recipientOf)) {
    if (!settings[setting]) continue
    doc.setIn(
      ['privacy', recipient],
      recipient === 'metaConversionsApi'
        ? 'oui'
        : { name: 'Relais de test des navigateurs', outsideEu: 'non' },
    )
  }
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, String(doc))
}
