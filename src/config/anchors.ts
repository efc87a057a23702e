/** Anchor of the lead form section; every call to action points at it. */
export const simulationFormId = 'simulation-form'
