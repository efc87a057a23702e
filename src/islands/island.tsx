import { islandComponents, type IslandName } from '@/islands/registry'

/**
 * Marks an interactive part of a pre-rendered page. The server renders the component inside it;
 * in the browser, `landing-app.tsx` hydrates only these parts, so the static sections around
 * them ship no JavaScript.
 */
export function Island({ name }: { name: IslandName }) {
  const Component = islandComponents[name]
  return (
    <div data-island={name}>
      <Component />
    </div>
  )
}
