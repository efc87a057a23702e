import { list, p, type LegalDocument } from '@/content/legal-document'
import { formatAddress, siteConfig, supervisor } from '../../common/site-config/site-config'

const { company, host, mediator, complaints } = siteConfig

/** Mentions légales (LCEN art. 6) and the information owed by an insurance intermediary. */
export const legalNotice = {
  title: 'Mentions légales',
  updatedOn: '22 novembre 2026',
  sections: [
    {
      title: 'Éditeur du site',
      blocks: [
        p(
          `Le site ${siteConfig.siteUrl.replace(/^https?:\/\//, '')} est édité par ${company.legalName}, ${company.legalForm} au capital de ${company.shareCapital}, immatriculée au ${company.rcs}.`,
        ),
        list(
          `Siège social\u00a0: ${formatAddress(company.headOffice)}`,
          `Téléphone\u00a0: ${company.phone}`,
          [`Email\u00a0: `, { text: company.email, href: `mailto:${company.email}` }],
        ),
      ],
    },
    {
      title: 'Directeur de la publication',
      blocks: [p(siteConfig.publicationManager)],
    },
    {
      title: 'Intermédiaire en assurance',
      blocks: [
        p(
          `${company.legalName} est immatriculée au registre unique des intermédiaires en assurance, banque et finance (ORIAS) sous le numéro ${company.orias}, en qualité de ${company.oriasCategory}. Cette immatriculation peut être vérifiée sur `,
          { text: 'orias.fr', href: 'https://www.orias.fr' },
          '.',
        ),
        p(
          `${company.legalName} est soumise au contrôle de l’${supervisor.name}, ${formatAddress(supervisor.address)} (`,
          { text: 'acpr.banque-france.fr', href: supervisor.website },
          ').',
        ),
      ],
    },
    {
      title: 'Hébergeur',
      blocks: [p(`${host.name}, ${formatAddress(host.address)}. Téléphone\u00a0: ${host.phone}.`)],
    },
    {
      title: 'Réclamations et médiation',
      blocks: [
        p(
          'Pour toute réclamation, écrivez-nous par email à ',
          { text: complaints.email, href: `mailto:${complaints.email}` },
          ` ou par courrier à ${formatAddress(complaints.address)}. Nous accusons réception sous 10 jours ouvrables et répondons dans un délai de 2 mois au plus.`,
        ),
        p(
          `Si la réponse ne vous satisfait pas, ou en l’absence de réponse dans ce délai, vous pouvez saisir gratuitement le médiateur\u00a0: ${mediator.name}, ${formatAddress(mediator.address)}, `,
          { text: mediator.website.replace(/^https?:\/\//, ''), href: mediator.website },
          '.',
        ),
      ],
    },
    {
      title: 'Propriété intellectuelle',
      blocks: [
        p(
          `L’ensemble des contenus de ce site (textes, illustrations, logos, mise en page) est la propriété de ${company.legalName} ou de ses partenaires et est protégé par le droit d’auteur et le droit des marques. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.`,
        ),
      ],
    },
  ],
} as const satisfies LegalDocument
