// PGLITE_WORKER=on (ADR 053): the embedded database in a worker thread, reached through PGlite's own
// PGliteWorker, which has PGlite's interface (query, exec, transaction, the wire protocol, dumps).
import { Worker } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import { PGliteWorker } from '@electric-sql/pglite/worker'
import { pgliteOptions } from './pglite-options.js'
import { asWebWorker, ignoreLeaderAnnouncements, installLocks } from './pglite-worker-globals.js'

/**
 * The worker thread's code, plain JavaScript so that it runs the same from the build and under the
 * tests (a worker thread does not get the test runner's TypeScript loader). It gives PGlite's worker
 * a Web Worker's global postMessage and message events, and navigator.locks: the election lock at
 * once (one worker), the tab's close lock never (the server's thread holds it for its life).
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
const request = (name, a, b) => {
  const callback = typeof a === 'function' ? a : b
  return name.startsWith('pglite-tab-close:') ? new Promise(() => {}) : Promise.resolve(callback({ name }))
}
Object.defineProperty(globalThis, 'navigator', { value: { locks: { request } }, configurable: true })
globalThis.postMessage = (message) => parentPort.postMessage(message)
globalThis.addEventListener = (type, listener) => parentPort.on(type, (data) => listener({ data }))
;(async () => {
  const { PGlite } = await import(workerData.pglite)
  const { worker } = await import(workerData.pgliteWorker)
  await worker({ init: () => PGlite.create(workerData.pgdata, { startParams: workerData.startParams }) })
})()
`

export async function openPgliteInWorker(pgdata: string): Promise<PGlite> {
  installLocks()
  ignoreLeaderAnnouncements()
  const thread = new Worker(THREAD, {
    eval: true,
    workerData: {
      pgdata,
      startParams: pgliteOptions.startParams,
      pglite: import.meta.resolve('@electric-sql/pglite'),
      pgliteWorker: import.meta.resolve('@electric-sql/pglite/worker'),
    },
  })
  // A worker that fails to start fails the start-up, rather than leaving it waiting.
  const failed = new Promise<never>((_resolve, reject) => thread.once('error', reject))
  const client = await Promise.race([
    PGliteWorker.create(asWebWorker(thread) as unknown as globalThis.Worker),
    failed,
  ])
  // Ready means the database answers: PGliteWorker's own readiness comes before the worker's
  // PGlite has started, and the first statement would wait for it.
  await client.query('select 1')
  // The same interface as PGlite's for every caller (PGliteWorker and PGlite share BasePGlite).
  return client as unknown as PGlite
}
