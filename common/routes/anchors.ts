/** Anchor of the lead form section; every call to action points at it. */
export const simulationFormId = 'simulation-form'

/** The estimate's first input: calls to action put the focus there, ready to type. */
export const estimateFirstFieldId = 'estimate-amount'

/** Heading of the callback request, offered from the estimate when it shows no saving. */
export const callbackAnchorId = 'demande-de-rappel'
