import type { ComponentType } from 'react'
import { SavingsEstimator } from '@/features/estimate/savings-estimator'
import { LeadForm } from '@/features/lead/lead-form'

/** Interactive components that the landing page hydrates, by the name used in the markup. */
export const islandComponents = {
  'savings-estimator': SavingsEstimator,
  'lead-form': LeadForm,
} as const satisfies Record<string, ComponentType>

export type IslandName = keyof typeof islandComponents
