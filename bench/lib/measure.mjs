// Timing helpers shared by the benchmarks: sequential requests, percentiles, and how busy the
// machine was (a shared or busy machine shows up in the tail latency).
import os from 'node:os'
import { performance } from 'node:perf_hooks'

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * GETs `url` warmup + samples times, one after another; `check(body)` runs on the first answer.
 * Returns p50, p99 and max in ms (one decimal) and the body size in KB.
 */
export async function timeRequests({ url, headers, samples, warmup, check }) {
  const times = []
  let bytes = 0
  for (let i = 0; i < warmup + samples; i++) {
    const begin = performance.now()
    const response = await fetch(url, { headers })
    const text = await response.text()
    const elapsed = performance.now() - begin
    if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`)
    if (i === 0) check?.(JSON.parse(text))
    bytes = text.length
    if (i >= warmup) times.push(elapsed)
  }
  times.sort((a, b) => a - b)
  return {
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p99 ms': Number(percentile(times, 99).toFixed(1)),
    'max ms': Number(times.at(-1).toFixed(1)),
    'body KB': Math.round(bytes / 1024),
  }
}

export function printLoadAverage() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  console.log(`load average ${load} on ${os.cpus().length} CPUs`)
}
