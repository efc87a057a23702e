import { Avatar } from '@/components/avatar'
import { PageSection } from '@/components/page-section'
import { PartnerLogo } from '@/components/partner-logo'
import { StarRating } from '@/components/star-rating'
import { trust } from '@/content/landing'
import { siteConfig } from '../../common/site-config/site-config'

/** Avatar backgrounds, taken in turn: a broker configures reviews, not colours. */
const avatarColors = ['#1d4ed8', '#047857', '#b45309', '#7e22ce', '#be123c', '#0f766e']

export function Trust() {
  const { partners, reviewPolicy } = siteConfig
  const testimonials = [...siteConfig.testimonials].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <PageSection id="confiance" title={trust.title} className="bg-slate-50">
      <h3 className="mt-8 text-center text-lg font-bold text-slate-800">{trust.partnersTitle}</h3>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {partners.map((partner) => (
          <li
            key={partner.name}
            className="flex items-center justify-center rounded-xl bg-white p-3 ring-1 ring-slate-200"
          >
            <PartnerLogo partner={partner} />
          </li>
        ))}
      </ul>

      <h3 className="mt-10 text-center text-lg font-bold text-slate-800">
        {trust.testimonialsTitle}
      </h3>
      <p className="mx-auto mt-2 max-w-3xl text-center text-sm text-slate-700">
        {trust.reviewPolicy(reviewPolicy.checked, reviewPolicy.method)}
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {testimonials.map((testimonial, index) => (
          <li key={`${testimonial.name} ${testimonial.date}`}>
            <figure className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <StarRating rating={testimonial.rating} />
              <blockquote className="grow text-slate-800">
                «&nbsp;{testimonial.text}&nbsp;»
              </blockquote>
              <figcaption className="flex items-center gap-3">
                <Avatar
                  name={testimonial.name}
                  color={avatarColors[index % avatarColors.length] ?? '#1d4ed8'}
                />
                <span className="flex flex-col">
                  <span className="font-bold text-slate-900">{testimonial.name}</span>
                  <span className="text-sm text-slate-700">
                    <time dateTime={testimonial.date}>{trust.reviewDate(testimonial.date)}</time>
                    {' · '}
                    {testimonial.collection}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PageSection>
  )
}
