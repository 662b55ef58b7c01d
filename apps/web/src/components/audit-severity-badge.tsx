import { AlertTriangle, Info, OctagonAlert } from 'lucide-react'
import type { AuditSeverity } from '@/lib/site-audit'
import { cn } from '@/lib/utils'

// Severity in words and with an icon as well as colour (docs/house-rules.md "colour never the only signal").
const auditSeverityStyle: Record<
  AuditSeverity,
  { label: string; className: string; Icon: typeof Info }
> = {
  critical: {
    label: 'Critical',
    className: 'bg-destructive/10 text-destructive',
    Icon: OctagonAlert,
  },
  alert: { label: 'Alert', className: 'bg-warning/20 text-foreground', Icon: AlertTriangle },
  warning: { label: 'Warning', className: 'bg-secondary text-secondary-foreground', Icon: Info },
}

/** A site-audit severity: critical, alert or warning. */
export function AuditSeverityBadge({
  severity,
  className,
}: {
  severity: AuditSeverity
  className?: string
}) {
  const { label, className: tone, Icon } = auditSeverityStyle[severity]
  return (
    <span
      data-severity={severity}
      className={cn(
        'inline-flex w-20 shrink-0 items-center gap-1 rounded-md px-2 py-0.5 text-xs font-semibold',
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  )
}
