/**
 * Tracker consent, loaded on every page of builds with a pixel id, and only there. Plain DOM code
 * on the pre-rendered banner: no framework to download before the visitor can answer.
 */
import { consentDom } from '@/features/consent/consent-dom'
import { readConsentChoice, saveConsentChoice } from '@/features/consent/consent-choice'
import { loadMetaPixel, stopMetaPixel } from '@/features/consent/meta-pixel'

const banner = document.getElementById(consentDom.bannerId)
const pixelId = banner?.getAttribute(consentDom.pixelIdAttribute)
let returnFocusTo: HTMLElement | null = null

function open(): void {
  if (!banner) return
  returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
  banner.hidden = false
  banner.focus({ preventScroll: true })
}

function close(): void {
  if (!banner) return
  banner.hidden = true
  if (returnFocusTo && returnFocusTo !== document.body && document.contains(returnFocusTo))
    returnFocusTo.focus()
  returnFocusTo = null
}

function choose(accepted: boolean): void {
  saveConsentChoice(localStorage, accepted)
  if (accepted && pixelId) loadMetaPixel(pixelId)
  else stopMetaPixel()
  close()
}

if (banner && pixelId) {
  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest(`[${consentDom.choiceAttribute}]`)
    if (button) choose(button.getAttribute(consentDom.choiceAttribute) === 'accept')
  })
  banner.addEventListener('keydown', (event) => {
    // Escape closes the banner, which counts as a refusal.
    if (event.key === 'Escape') choose(false)
  })
  document.addEventListener('click', (event) => {
    if ((event.target as Element).closest(`[${consentDom.openAttribute}]`)) open()
  })

  const choice = readConsentChoice(localStorage)
  if (!choice) open()
  else if (choice.accepted) loadMetaPixel(pixelId)
}
