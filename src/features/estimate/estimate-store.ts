/**
 * Hands the estimate from its island to the lead form's island: both are hydrated from one
 * bundle, so a module-level value is all they need to share. Nothing is stored in the browser.
 */
import type { LeadSimulation } from '../../../common/lead/lead-contract'

let latest: LeadSimulation | undefined

/** The estimate now shown, or `undefined` when the inputs give none. */
export function publishSimulation(simulation: LeadSimulation | undefined): void {
  latest = simulation
}

export function currentSimulation(): LeadSimulation | undefined {
  return latest
}
