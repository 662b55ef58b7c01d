import { ChevronDown, ListChecks } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'

/** The step-by-step guide, one step per line, behind a disclosure button. */
export function ImplementationGuide({ guide, taskTitle }: { guide: string; taskTitle: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const steps = guide
    .split('\n')
    .map((line) => line.replace(/^\s*\d+[.)]\s*/, '').trim())
    .filter((line) => line !== '')
  if (steps.length === 0) return null
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3 w-fit text-primary"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <ListChecks aria-hidden="true" />
        {open ? 'Hide implementation guide' : 'Show implementation guide'}
        <ChevronDown
          aria-hidden="true"
          className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
        />
      </Button>
      <ol
        id={id}
        hidden={!open}
        aria-label={`Implementation guide: ${taskTitle}`}
        className="ml-5 grid list-decimal gap-1.5 rounded-md bg-muted/50 py-3 pr-3 pl-3 text-sm marker:font-semibold marker:text-primary"
      >
        {steps.map((step, i) => (
          <li key={i} className="pl-1">
            {step}
          </li>
        ))}
      </ol>
    </div>
  )
}
