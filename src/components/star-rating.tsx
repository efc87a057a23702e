/** Five stars drawn inline, read by assistive technology as a single rating. */
export function StarRating({ rating, max = 5 }: { rating: number; max?: number }) {
  return (
    <p
      role="img"
      aria-label={`Note\u00a0: ${rating} sur ${max}`}
      className="flex gap-0.5 text-accent-500"
    >
      {Array.from({ length: max }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="18"
          height="18"
          fill={index < rating ? 'currentColor' : 'none'}
          stroke="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </p>
  )
}
