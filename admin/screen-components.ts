import type { ComponentType } from 'react'
import type { AdminScreenId } from '../common/back-office/back-office-routes'
import { CallsScreen } from './screens/calls-screen'
import { DeliveriesScreen } from './screens/deliveries-screen'
import { FunnelScreen } from './screens/funnel-screen'
import { NotificationsScreen } from './screens/notifications-screen'
import { PersonalDataScreen } from './screens/personal-data-screen'

/** Which component draws each screen of admin-routes.ts. */
export const screenComponents: Record<AdminScreenId, ComponentType> = {
  calls: CallsScreen,
  deliveries: DeliveriesScreen,
  funnel: FunnelScreen,
  personalData: PersonalDataScreen,
  notifications: NotificationsScreen,
}
