import type { AiSource } from '@localseo/shared/ai'
import { Bot } from 'lucide-react'
import { Badge } from '@/components/ui/badge'

const SOURCE_LABELS: Record<AiSource, string> = {
  'built-in': 'Built-in engine',
  model: 'AI model',
  fallback: 'Standard advice (the AI model was unavailable)',
}

/** Which engine wrote a text (ADR 005): the built-in engine, the model, or the docs/product.md §8 fallback. */
export function AiSourceBadge({ source }: { source: AiSource }) {
  return (
    <Badge variant="outline" className="whitespace-normal">
      <Bot aria-hidden="true" className="size-3.5 shrink-0" />
      Answered by: {SOURCE_LABELS[source]}
    </Badge>
  )
}
