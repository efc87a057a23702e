/** A round avatar showing the first letter of a name: no photo to download. */
export function Avatar({ name, color }: { name: string; color: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-12 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white"
      style={{ backgroundColor: color }}
    >
      {name.charAt(0)}
    </span>
  )
}
