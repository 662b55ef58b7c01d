// How the embedded database starts, in the server and in the process that creates and migrates it
// (migrate-pglite.ts). PostgreSQL's 128 MB of shared buffers are all resident in PGlite's WASM
// memory from the start; 32 MB keeps an idle server under 300 MiB (issue 19 item 3), and the
// operating system still caches the data files. (16 MB saved 16 MiB more but slowed the start-up
// work enough to hold the event loop for seconds.)
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

export const pgliteOptions: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
}
