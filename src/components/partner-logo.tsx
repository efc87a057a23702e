import type { Partner } from '../../common/site-config/site-config'

/**
 * A partner's logo file from `public/`, in a fixed 200 × 40 box whatever its own size, so that it
 * cannot shift the page as it loads; below the fold, it waits until it is about to be seen.
 */
export function PartnerLogo({ partner }: { partner: Partner }) {
  return (
    <img
      src={partner.logo}
      alt={partner.alt}
      width="200"
      height="40"
      loading="lazy"
      decoding="async"
      className="h-10 w-full max-w-50 object-contain"
    />
  )
}
