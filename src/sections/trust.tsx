import { Avatar } from '@/components/avatar'
import { PageSection } from '@/components/page-section'
import { PartnerLogo } from '@/components/partner-logo'
import { StarRating } from '@/components/star-rating'
import { trust } from '@/content/landing'
import { partners } from '@/content/partners'
import { testimonials } from '@/content/testimonials'

export function Trust() {
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
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <StarRating rating={testimonial.rating} />
              <blockquote className="grow text-slate-800">« {testimonial.benefit} »</blockquote>
              <figcaption className="flex items-center gap-3 font-semibold text-slate-900">
                <Avatar name={testimonial.name} color={testimonial.avatarColor} />
                {testimonial.name}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PageSection>
  )
}
