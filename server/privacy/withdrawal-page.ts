/** The French pages of the withdrawal link: ask for one click, then say what happened. */
import { siteConfig } from '../../common/site-config/site-config'
import { escapeHtml } from '../emails/html'

export const withdrawalPath = '/retrait-consentement'

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(siteConfig.brandName)}</title>
<style>body{font-family:system-ui,sans-serif;color:#1e293b;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
h1{color:#172554;font-size:1.5rem}button{min-height:3rem;padding:.75rem 1.5rem;font-size:1rem;font-weight:700;color:#fff;background:#1e40af;border:0;border-radius:.75rem;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}a{color:#1e40af}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">Retour au site</a></p></main></body></html>`
}

export function confirmWithdrawalPage(token: string): string {
  return page(
    'Ne plus être rappelé(e)',
    `<p>Vous avez demandé à être rappelé(e) par ${escapeHtml(siteConfig.company.legalName)} au sujet de votre assurance de prêt. Confirmez-vous que vous ne souhaitez plus être appelé(e)\u00a0?</p>
<form method="post" action="${withdrawalPath}"><input type="hidden" name="jeton" value="${escapeHtml(token)}">
<button type="submit">Confirmer\u00a0: ne plus m’appeler</button></form>`,
  )
}

export function withdrawnPage(): string {
  return page(
    'C’est noté\u00a0: nous ne vous appellerons pas',
    `<p>Votre consentement à être rappelé(e) est retiré. Nos conseillers en sont informés et ne vous appelleront plus au sujet de cette demande. Vos données restent soumises à notre politique de confidentialité\u00a0; vous pouvez aussi demander leur effacement.</p>`,
  )
}

export function invalidLinkPage(reason: 'invalid' | 'expired' | 'unknown'): string {
  const text = {
    invalid:
      'Ce lien n’est pas valide. Vérifiez qu’il est complet, tel qu’il figure dans notre email.',
    expired: 'Ce lien a expiré.',
    unknown:
      'Nous ne trouvons plus cette demande\u00a0: ses données ont peut-être déjà été effacées.',
  }[reason]
  return page(
    'Lien invalide',
    `<p>${text} Pour ne plus être appelé(e), écrivez-nous à <a href="mailto:${escapeHtml(siteConfig.dataProtection.email)}">${escapeHtml(siteConfig.dataProtection.email)}</a>.</p>`,
  )
}
