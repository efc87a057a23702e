/** Ids and data attributes shared by the pre-rendered banner and the script driving it. */
export const consentDom = {
  bannerId: 'consentement',
  titleId: 'consentement-titre',
  /** Carries the pixel id, so that the consent script needs no configuration of its own. */
  pixelIdAttribute: 'data-pixel-id',
  choiceAttribute: 'data-consent-choice',
  openAttribute: 'data-consent-open',
} as const
