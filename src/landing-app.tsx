/** The landing page's interactive code, loaded by entry-after-paint.ts once the page has painted. */
import { createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { islandComponents, type IslandName } from '@/islands/registry'

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const component = islandComponents[element.dataset.island as IslandName]
  if (component) hydrateRoot(element, createElement(component))
}
