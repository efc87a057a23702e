/** What a lead's card says: its facts, the call buttons' answers, and its history. */
import { claimCopy } from '../../common/back-office/claim-copy'
import { euros } from '../format'
import type { OriginKey } from '../../common/lead/lead-contract'

export const leadCardCopy = {
  insured: {
    seul: 'une personne',
    deux_100: 'deux personnes à 100 %',
    deux_autre: 'deux personnes',
  },
  savings: (min: number, max: number) => `${euros(min)} à ${euros(max)} d’économie estimée`,
  loan: (amount: number, years: number, age: number, insured: string) =>
    `${euros(amount)} sur ${years} ans, ${age} ans, ${insured}`,
  premium: (monthly: number) => `, cotisation actuelle ${euros(monthly)}/mois`,
  /** "campagne printemps, annonce video-a, source facebook". */
  originText: ({
    utm_campaign: campaign,
    utm_content: ad,
    utm_source: source,
  }: Partial<Record<OriginKey, string>>) =>
    [
      campaign ? `campagne ${campaign}` : 'sans campagne',
      ad ? `annonce ${ad}` : undefined,
      source ? `source ${source}` : undefined,
    ]
      .filter(Boolean)
      .join(', '),
  facts: {
    phone: 'Téléphone',
    email: 'Email',
    receivedAt: 'Reçue le',
    origin: 'Origine',
    callback: 'Rappel souhaité',
    simulation: 'Simulation',
    callsLeft: 'Appels restants',
    nextCall: 'Prochain appel',
    deadline: 'À appeler avant le',
    lastCall: 'Dernier appel',
  },
  callsLeft: (left: number, max: number) => `${left} sur ${max} (30 derniers jours)`,
  doNotCall: 'Ne pas appeler\u00a0: ',
  // The wording the broker asked for, kept as given (lower case first): the card capitalises it.
  withdrawalToConfirm:
    'retrait demandé depuis une autre adresse\u00a0: à confirmer lors de l’appel',
  outcomes: (who: string) => `Résultat de l’appel à ${who}`,
  recorded: (outcome: string, who: string) => `«\u00a0${outcome}\u00a0» enregistré pour ${who}.`,
  claim: claimCopy.button,
  claimed: claimCopy.claimed,
  showHistory: 'Historique et livraisons',
  hideHistory: 'Masquer l’historique',
  calls: 'Appels enregistrés',
  noCalls: 'Aucun appel enregistré.',
  undone: '(annulé)',
  deliveries: 'Livraisons',
  noDestination: 'Aucune destination configurée pour cette demande.',
  deliveriesCaption: (who: string) => `Livraisons de la demande de ${who}`,
} as const
