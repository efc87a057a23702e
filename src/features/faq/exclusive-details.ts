/**
 * Browsers without support for `<details name>` (before Chrome 120, Safari 17.2, Firefox 130)
 * would let several FAQ items stay open; this closes the others when one opens.
 */
export function enhanceFaqGroups(root: Document): void {
  if ('name' in HTMLDetailsElement.prototype) return
  root.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target
      if (!(opened instanceof HTMLDetailsElement) || !opened.open) return
      const group = opened.getAttribute('name')
      if (!group) return
      for (const other of root.querySelectorAll<HTMLDetailsElement>(
        `details[name="${group}"][open]`,
      )) {
        if (other !== opened) other.open = false
      }
    },
    true,
  )
}
