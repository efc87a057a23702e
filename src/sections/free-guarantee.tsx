import { CtaLink } from '@/components/cta-link'
import { PageSection } from '@/components/page-section'
import { freeGuarantee } from '@/content/landing'

export function FreeGuarantee() {
  return (
    <PageSection id="gratuit" title={freeGuarantee.title}>
      <ul className="mx-auto mt-6 flex max-w-2xl flex-col gap-3">
        {freeGuarantee.points.map((point) => (
          <li key={point} className="flex items-start gap-3 text-slate-800">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="20"
              height="20"
              className="mt-0.5 shrink-0 text-success-700"
              fill="currentColor"
            >
              <path d="M8 13.6 4.4 10l-1.4 1.4L8 16.4 17 7.4 15.6 6z" />
            </svg>
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-8 text-center">
        <CtaLink>{freeGuarantee.cta}</CtaLink>
      </div>
    </PageSection>
  )
}
