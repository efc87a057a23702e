import type { ReactNode } from 'react'

/** A landing-page section below the simulation, labelled by its own heading. */
export function PageSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string
  title: string
  children: ReactNode
  className?: string
}) {
  const headingId = `${id}-title`
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`below-fold px-4 py-12 sm:py-16 ${className}`}
    >
      <div className="mx-auto max-w-5xl">
        <h2 id={headingId} className="text-center text-2xl font-bold text-brand-900 sm:text-3xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  )
}
