// What an operator's Prometheus scrapes at GET /metrics (issue 37 item 3, docs/decisions/041-metrics.md):
// one registry per app (never prom-client's global one), so two apps in one process (tests) never
// count into each other (docs/decisions/025-one-wiring.md).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { ListenerState } from '../auth/session-invalidation.js'
import type { Logger } from './logger.js'

/** How long a scrape waits for the queue's depth before it answers without it. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000

/** pg.Pool's own counts: what the PostgreSQL pool holds (db/client.ts). */
export interface PoolUse {
  totalCount: number
  idleCount: number
  waitingCount: number
}

/** Jobs waiting (including those waiting for a retry) and running, per queue. */
export interface QueueDepth {
  queue: string
  queued: number
  active: number
}

type CallOutcome = 'ok' | 'failed'

export interface AppMetrics {
  registry: Registry
  /** One answered request, by its route pattern (never the raw path, which holds ids). */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void
  /** One job run to its end, by queue; a failed try that is retried later counts as failed. */
  jobOutcome(queue: string, outcome: 'completed' | 'failed'): void
  /** One request to a third party (a search-results provider, the AI endpoint), by provider. */
  providerCall(provider: string, outcome: CallOutcome): void
  /** Where the queue's depth is read at scrape time (jobs/queue.ts `depth`). */
  readQueueDepth(read: () => Promise<QueueDepth[]>): void
  /** Where the requests inside the app and waiting for their turn are read (lib/admit-in-order.ts). */
  readAdmission(admission: RequestsInApp): void
  /** With PostgreSQL, where the session cache's auth_change listener is read (ADR 004); once. */
  readSessionListener(listener: ListenerState): void
}

/** The requests handled now and those waiting their turn (lib/admit-in-order.ts). */
interface RequestsInApp {
  active(): number
  waiting(): number
}

function admissionGauge(registry: Registry, reader: () => RequestsInApp | undefined) {
  new Gauge({
    name: 'http_requests_in_app',
    help: 'API and auth requests at scrape time: handled now (active) and waiting their turn (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset()
      const admission = reader()
      if (!admission) return
      this.set({ state: 'active' }, admission.active())
      this.set({ state: 'waiting' }, admission.waiting())
    },
  })
}

/**
 * PostgreSQL only (PGlite has no listener, so no samples): whether this instance hears the others'
 * session changes, and how many it heard.
 */
function sessionListenerMetrics(registry: Registry, listener: ListenerState) {
  new Gauge({
    name: 'auth_change_listener_up',
    help: "1 while this instance hears other instances' session changes (its session cache is on), else 0.",
    registers: [registry],
    collect() {
      this.set(listener.live() ? 1 : 0)
    },
  })
  new Counter({
    name: 'auth_changes_heard_total',
    help: 'Changes to users, sessions and second factors heard from PostgreSQL (NOTIFY auth_change).',
    registers: [registry],
    collect() {
      this.reset()
      this.inc(listener.heard())
    },
  })
}

/** Read at scrape time, bounded: a busy or unreachable database must not hold the scrape. */
function queueDepthGauge(
  registry: Registry,
  logger: Logger,
  reader: () => (() => Promise<QueueDepth[]>) | undefined,
) {
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in the queue at scrape time, by queue and state (queued or active).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const read = reader()
      if (!read) return
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), QUEUE_DEPTH_TIMEOUT_MS)
      })
      try {
        for (const row of await Promise.race([read(), timeout])) {
          this.set({ queue: row.queue, state: 'queued' }, row.queued)
          this.set({ queue: row.queue, state: 'active' }, row.active)
        }
      } catch (error) {
        // The scrape answers without the depth rather than fail or wait.
        logger.warn({ err: error }, 'metrics: the queue depth could not be read')
      } finally {
        clearTimeout(timer)
      }
    },
  })
}

function poolGauge(registry: Registry, pool: PoolUse) {
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool: open connections (total, idle) and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`

export function createMetrics({
  pool,
  processMetrics,
  logger,
}: {
  /** PostgreSQL's pool; PGlite has one connection in the process and no pool, so no pool gauge. */
  pool?: PoolUse
  /** Memory, CPU and event-loop delay of the process; off when nobody can scrape them. */
  processMetrics: boolean
  logger: Logger
}): AppMetrics {
  const registry = new Registry()
  if (processMetrics) collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  })
  const jobs = new Counter({
    name: 'queue_jobs_total',
    help: 'Job runs ended, by queue and outcome: completed, or failed (a failed run may be retried).',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  })
  const calls = new Counter({
    name: 'provider_calls_total',
    help: 'Requests to third parties, by provider and outcome (ok or failed).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  })

  let readDepth: (() => Promise<QueueDepth[]>) | undefined
  queueDepthGauge(registry, logger, () => readDepth)
  if (pool) poolGauge(registry, pool)
  let admission: RequestsInApp | undefined
  admissionGauge(registry, () => admission)

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status_class: statusClass(status) }
      requests.inc(labels)
      durations.observe(labels, seconds)
    },
    jobOutcome: (queue, outcome) => jobs.inc({ queue, outcome }),
    providerCall: (provider, outcome) => calls.inc({ provider, outcome }),
    readQueueDepth(read) {
      readDepth = read
    },
    readAdmission(requests) {
      admission = requests
    },
    readSessionListener: (listener) => sessionListenerMetrics(registry, listener),
  }
}
