/**
 * A call to action scrolls to its anchor by itself; this then puts the focus in the field its
 * `data-focus` names, so that the visitor can type at once (on a phone, the keyboard opens).
 * `preventScroll` keeps the section where the scroll brought it.
 */
export function focusOnArrival(root: Document): void {
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-focus]')
    const id = link?.dataset.focus
    if (!id) return
    // Once the smooth scroll has ended (focusing sooner cuts it short), or after a second where
    // the browser does not report it or nothing scrolled.
    let done = false
    const focus = () => {
      if (done) return
      done = true
      root.getElementById(id)?.focus({ preventScroll: true })
    }
    root.addEventListener('scrollend', focus, { once: true })
    setTimeout(focus, 1_000)
  })
}
