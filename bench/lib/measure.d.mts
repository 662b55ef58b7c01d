// Types of measure.mjs for the benches written in TypeScript.
export function timeRequests(options: {
  url: string
  headers?: Record<string, string>
  samples: number
  warmup: number
  check?: (body: unknown) => void
}): Promise<Record<'p50 ms' | 'p99 ms' | 'max ms' | 'body KB', number>>

export function printLoadAverage(): void
