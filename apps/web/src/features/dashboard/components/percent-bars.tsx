/** Labelled percentage bars (traffic sources, devices); each bar carries its number as text. */
export function PercentBars({
  label,
  items,
}: {
  label: string
  items: ReadonlyArray<{ name: string; value: number }>
}) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <h3 className="text-sm font-medium">{label}</h3>
      <ul aria-label={label} className="grid grid-cols-1 gap-2">
        {items.map((item) => (
          <li key={item.name} className="grid grid-cols-[5.5rem_1fr_3rem] items-center gap-2">
            <span className="text-xs text-muted-foreground">{item.name}</span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-primary/70"
                style={{ width: `${item.value}%` }}
              />
            </span>
            <span className="text-right text-xs font-medium tabular-nums">{item.value}%</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
