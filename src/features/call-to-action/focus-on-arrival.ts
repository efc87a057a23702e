/**
 * A call to action scrolls to its anchor by itself; this then puts the focus in the field its
 * `data-focus` names, so that the visitor can type at once (on a phone, the keyboard opens).
 * `preventScroll` leaves the smooth scroll to the section as it is.
 */
export function focusOnArrival(root: Document): void {
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-focus]')
    const id = link?.dataset.focus
    // After the link's own navigation, which would otherwise take the focus back to the page.
    if (id) setTimeout(() => root.getElementById(id)?.focus({ preventScroll: true }))
  })
}
