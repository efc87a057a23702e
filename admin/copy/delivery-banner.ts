/** What the banner above every screen says when a delivery is parked or late. */
export const deliveryBannerCopy = {
  title: 'Livraisons\u00a0: ',
  seeDeliveries: 'Voir les livraisons',
} as const
