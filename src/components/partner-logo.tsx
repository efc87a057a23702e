import type { Partner } from '@/content/partners'

const marks: Record<Partner['mark'], string> = {
  circle: 'M16 4a12 12 0 1 0 0 24 12 12 0 0 0 0-24z',
  square: 'M5 5h22v22H5z',
  triangle: 'M16 3l13 24H3z',
  diamond: 'M16 2l14 14-14 14L2 16z',
  hexagon: 'M9 4h14l7 12-7 12H9L2 16z',
  arc: 'M3 26a13 13 0 0 1 26 0h-7a6 6 0 0 0-12 0z',
}

/** A neutral logo of our own drawing: a shape and the partner's name, no trademark. */
export function PartnerLogo({ partner }: { partner: Partner }) {
  return (
    <svg
      role="img"
      aria-label={`Logo ${partner.name}`}
      viewBox="0 0 200 40"
      width="200"
      height="40"
      className="h-auto w-full max-w-50"
    >
      <path d={marks[partner.mark]} transform="translate(2 4)" fill={partner.color} />
      <text
        x="40"
        y="25"
        fill={partner.color}
        fontFamily="system-ui, sans-serif"
        fontSize="15"
        fontWeight="700"
      >
        {partner.name}
      </text>
    </svg>
  )
}
