import { CtaLink } from '@/components/cta-link'
import { finalCta, hero } from '@/content/landing'

export function FinalCta() {
  return (
    <section
      aria-labelledby="final-cta-title"
      className="below-fold bg-brand-900 px-4 py-12 text-center text-white"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4">
        <h2 id="final-cta-title" className="text-2xl font-bold sm:text-3xl">
          {finalCta.title}
        </h2>
        <p className="text-brand-100">{finalCta.text}</p>
        <CtaLink>{finalCta.cta}</CtaLink>
        {/* The hero's figure carries an asterisk: what kind of case reaches it, at the page's end. */}
        <p className="mt-4 text-xs text-brand-100">{hero.footnote}</p>
      </div>
    </section>
  )
}
