import { estimateFirstFieldId } from '../../common/routes/anchors'
import { paths } from '../../common/routes/routes'

/**
 * A call to action: a plain link to the form's anchor, so it scrolls (smoothly, unless the visitor
 * prefers reduced motion, see styles.css) before any script has loaded. `data-focus` names the
 * input the landing page's first script then focuses: the estimate's first field, ready to type.
 */
export function CtaLink({
  children,
  tone = 'accent',
}: {
  children: string
  tone?: 'accent' | 'light'
}) {
  const toneClass =
    tone === 'accent'
      ? 'bg-accent-500 text-slate-900 hover:bg-accent-600'
      : 'bg-white text-brand-900 hover:bg-brand-50'
  return (
    <a
      href={paths.simulationForm}
      data-focus={estimateFirstFieldId}
      className={`inline-flex min-h-12 items-center justify-center rounded-xl px-6 py-3 text-center text-base font-bold shadow-sm transition-colors ${toneClass}`}
    >
      {children}
    </a>
  )
}
