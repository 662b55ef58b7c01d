// How a crawl stops (crawler.ts): the watchdog, the caller's signal, or both. Every wait of the crawl
// races against the stop, and the requests still in flight are aborted when it comes.
import type { CrawlEndReason } from './crawl-result.js'
import { CrawlTimeoutError } from './fetcher.js'

export const STOPPED = Symbol('stopped')

export class CrawlStopper {
  endReason: CrawlEndReason | undefined
  /** Aborts the requests still in flight when the crawl stops. */
  readonly requests = new AbortController()
  private resolveStopped: () => void = () => {}
  private readonly stopped = new Promise<typeof STOPPED>((resolve) => {
    this.resolveStopped = () => resolve(STOPPED)
  })
  private readonly watchdog: NodeJS.Timeout
  private readonly onAbort = () => this.stop('cancelled')

  constructor(
    watchdogMs: number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.watchdog = setTimeout(() => this.stop('timeout'), watchdogMs)
    if (signal?.aborted) this.stop('cancelled')
    signal?.addEventListener('abort', this.onAbort, { once: true })
  }

  stop(reason: CrawlEndReason) {
    if (this.endReason) return
    this.endReason = reason
    this.resolveStopped()
    this.requests.abort()
  }

  /** The promise's value, or STOPPED if the crawl stops first; a CrawlTimeoutError after `timeoutMs`. */
  race<T>(promise: Promise<T>, timeoutMs?: number): Promise<T | typeof STOPPED> {
    promise.catch(() => {}) // an abandoned request may still fail later
    const contenders: Promise<T | typeof STOPPED>[] = [promise, this.stopped]
    let timer: NodeJS.Timeout | undefined
    if (timeoutMs !== undefined) {
      contenders.push(
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new CrawlTimeoutError('timeout')), timeoutMs)
        }),
      )
    }
    return Promise.race(contenders).finally(() => clearTimeout(timer))
  }

  sleep(ms: number) {
    return this.race(new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms))))
  }

  /** Something to wait on next to other promises: settles when the crawl stops. */
  whenStopped(): Promise<unknown> {
    return this.stopped
  }

  /** Ends the watchdog and the listener; anything still waiting is released. */
  dispose() {
    clearTimeout(this.watchdog)
    this.signal?.removeEventListener('abort', this.onAbort)
    this.resolveStopped()
    this.requests.abort()
  }
}
