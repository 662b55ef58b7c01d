// What PGlite's worker (@electric-sql/pglite/worker, written for browser tabs) expects of its
// surroundings, on Node's worker_threads (ADR 053): a Web Worker's message events and
// navigator.locks, which Node 20 lacks. One process has one "tab" (the server's main thread) and
// one worker, so each thread's locks are its own.
import type { Worker } from 'node:worker_threads'

type LockCallback = (lock: { name: string }) => unknown

/**
 * navigator.locks.request in one thread: each name granted to one holder at a time, in order.
 * `neverGranted` names wait forever: the worker asks for the tab's close lock to learn that the tab
 * went away, and the server's main thread holds it for the process's life.
 */
export function installLocks(neverGranted: (name: string) => boolean = () => false): void {
  const queues = new Map<string, Promise<void>>()
  const request = (name: string, a: unknown, b?: unknown): Promise<unknown> => {
    const callback = (typeof a === 'function' ? a : b) as LockCallback
    if (neverGranted(name)) return new Promise(() => {})
    const before = queues.get(name) ?? Promise.resolve()
    let release = () => {}
    const mine = new Promise<void>((resolve) => (release = resolve))
    queues.set(
      name,
      before.then(() => mine),
    )
    return before.then(async () => {
      try {
        return await callback({ name })
      } finally {
        release()
      }
    })
  }
  const global = globalThis as { navigator?: { locks?: unknown } }
  if (global.navigator?.locks) return
  if (global.navigator) Object.defineProperty(global.navigator, 'locks', { value: { request } })
  else Object.defineProperty(globalThis, 'navigator', { value: { locks: { request } } })
}

type Listener = (event: { data: unknown }) => void

/**
 * A worker_threads Worker as the Web Worker PGliteWorker talks to, without the leader's
 * announcement (below). PGliteWorker's first listener
 * throws 'Invalid message' at every message after the first and is never removed: a browser only
 * reports such an error, an EventEmitter would end the process, so it is dropped here.
 */
export function asWebWorker(worker: Worker) {
  const wrapped = new Map<Listener, (data: unknown) => void>()
  return {
    postMessage: (message: unknown) => worker.postMessage(message),
    addEventListener(type: 'message', listener: Listener) {
      const onMessage = (data: unknown) => {
        if (isLeaderAnnouncement(data)) return
        try {
          listener({ data })
        } catch (error) {
          if (!(error instanceof Error && error.message === 'Invalid message')) throw error
        }
      }
      wrapped.set(listener, onMessage)
      worker.on(type, onMessage)
    },
    removeEventListener(type: 'message', listener: Listener) {
      const onMessage = wrapped.get(listener)
      if (onMessage) worker.off(type, onMessage)
    },
    terminate: () => void worker.terminate(),
  }
}

/**
 * The worker's announcements that it leads, which this thread never hears: 'leader-here' on the
 * broadcast channel and 'leader-now' from the worker. Between a browser's tabs they say a new leader
 * took over, and a tab fails what it had pending. Here one worker leads for the process's life and
 * announces it once, as it starts; under load an announcement arrived after the first queries were
 * sent (it travels apart from the 'connected' message), and they failed with 'Leader changed'.
 */
const isLeaderAnnouncement = (data: unknown) => {
  const type = (data as { type?: unknown } | null)?.type
  return type === 'leader-here' || type === 'leader-now'
}

/** PGliteWorker's broadcast channels on this thread, without the leader's announcements. */
export function ignoreLeaderAnnouncements(): void {
  const global = globalThis as { BroadcastChannel: typeof BroadcastChannel }
  const Original = global.BroadcastChannel
  if ((Original as { leaderless?: boolean }).leaderless) return
  type Listen = Parameters<InstanceType<typeof BroadcastChannel>['addEventListener']>
  class Leaderless extends Original {
    static leaderless = true
    /** Each listener's wrapper, so that removing the listener removes it (one per query). */
    readonly #wrapped = new Map<unknown, (event: Event) => void>()
    override addEventListener(type: Listen[0], listener: Listen[1], options?: Listen[2]): void {
      if (type !== 'message' || typeof listener !== 'function') {
        super.addEventListener(type, listener, options)
        return
      }
      const wrapper = (event: Event) => {
        if (!isLeaderAnnouncement((event as { data?: unknown }).data)) listener.call(this, event)
      }
      this.#wrapped.set(listener, wrapper)
      super.addEventListener(type, wrapper, options)
    }
    override removeEventListener(type: Listen[0], listener: Listen[1], options?: Listen[2]): void {
      const wrapper = this.#wrapped.get(listener)
      this.#wrapped.delete(listener)
      super.removeEventListener(type, wrapper ?? listener, options)
    }
  }
  global.BroadcastChannel = Leaderless
}
