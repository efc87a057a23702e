/**
 * The French of the notice a broker gets when one of the relay's channels stops delivering, and
 * when it works again (channel-alerts.ts). What a lock screen may show: no lead in it.
 */
import { destinationLabel } from '../storage/lead-history'

export const channelAlertCopy = {
  failingTitle: (destination: string) =>
    `Alerte\u00a0: «\u00a0${destinationLabel(destination)}\u00a0» ne reçoit plus les demandes`,
  failingBody: (destination: string) =>
    `Depuis plus de 15 minutes, des demandes attendent d’être livrées à «\u00a0${destinationLabel(destination)}\u00a0», ou l’une d’elles a été mise de côté après un refus. ` +
    'Elles restent enregistrées. ' +
    'L’écran «\u00a0Livraisons\u00a0» de l’espace conseillers montre la dernière erreur\u00a0; une fois la cause corrigée, relancez-y les livraisons mises de côté.',
  recoveredTitle: (destination: string) =>
    `Rétabli\u00a0: «\u00a0${destinationLabel(destination)}\u00a0» reçoit de nouveau les demandes`,
  recoveredBody: (destination: string) =>
    `Plus aucune demande n’attend d’être livrée à «\u00a0${destinationLabel(destination)}\u00a0».`,
}
