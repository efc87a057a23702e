import { PageSection } from '@/components/page-section'
import { rightsAndActivity } from '@/content/landing'
import { ActivityCounter } from '@/features/activity/activity-counter'

export function RightsAndActivity() {
  return (
    <PageSection id="vos-droits" title={rightsAndActivity.title}>
      <p className="mx-auto mt-6 max-w-3xl text-center text-slate-800">{rightsAndActivity.text}</p>
      <p className="mx-auto mt-6 flex max-w-md flex-wrap items-baseline justify-center gap-x-2 rounded-2xl bg-brand-50 p-4 text-center text-slate-800">
        <span>{rightsAndActivity.activityLabelBefore}</span>
        <ActivityCounter />
        <span>{rightsAndActivity.activityLabelAfter}</span>
      </p>
    </PageSection>
  )
}
