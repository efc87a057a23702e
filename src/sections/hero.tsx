import { CtaLink } from '@/components/cta-link'
import { hero } from '@/content/landing'

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-brand-900 px-4 pt-5 pb-6 text-white sm:pt-14 sm:pb-16"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:gap-4">
        <p className="text-xs font-bold tracking-wide text-brand-100 uppercase sm:text-sm">
          {hero.eyebrow}
        </p>
        <h1 id="hero-title" className="text-[1.7rem] leading-tight font-bold sm:text-5xl">
          {hero.title}
        </h1>
        <p className="max-w-2xl text-base text-brand-100 sm:text-lg">{hero.lead}</p>
        <ul className="grid grid-cols-2 gap-2 text-sm font-bold sm:flex sm:flex-wrap sm:gap-3">
          {hero.highlights.map((highlight) => (
            <li key={highlight} className="flex items-center gap-2">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                width="16"
                height="16"
                className="shrink-0 text-accent-500"
                fill="currentColor"
              >
                <path d="M8 13.6 4.4 10l-1.4 1.4L8 16.4 17 7.4 15.6 6z" />
              </svg>
              {highlight}
            </li>
          ))}
        </ul>
        <div>
          <CtaLink>{hero.cta}</CtaLink>
        </div>
      </div>
    </section>
  )
}
