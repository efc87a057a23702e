import { PageSection } from '@/components/page-section'
import { rightsAndActivity } from '@/content/landing'
import { siteConfig } from '../../common/site-config/site-config'
import { activityPath } from '../../common/activity-contract'
import { ActivityCounter } from '@/features/activity/activity-counter'

const activityBox =
  'mx-auto mt-6 flex max-w-md flex-wrap items-baseline justify-center gap-x-2 rounded-2xl bg-brand-50 p-4 text-center text-slate-800'

export function RightsAndActivity() {
  const mode = siteConfig.activityCounter
  return (
    <PageSection id="vos-droits" title={rightsAndActivity.title}>
      <p className="mx-auto mt-6 max-w-3xl text-center text-slate-800">{rightsAndActivity.text}</p>
      {mode === 'spec' ? (
        <p className={activityBox}>
          <span>{rightsAndActivity.activityLabelBefore}</span>
          <ActivityCounter />
          <span>{rightsAndActivity.activityLabelAfter}</span>
        </p>
      ) : null}
      {/* Takes its place at once, and shows once the relay has said the day's count. */}
      {mode === 'real' ? (
        <p className={`${activityBox} invisible`}>
          <span>{rightsAndActivity.realActivityLabel}</span>
          <ActivityCounter source={activityPath} />
        </p>
      ) : null}
    </PageSection>
  )
}
