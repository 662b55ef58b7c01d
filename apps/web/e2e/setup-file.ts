// Runs before each journey file. The journeys share one module graph per worker (isolate: false in
// vitest.e2e.config.ts, so Playwright and axe load once per worker, not once per file): what each
// file needs of its own is registered here.
import { afterAll, afterEach } from 'vitest'
import { closeConnection, reportFailedStep } from './browser'

afterAll(closeConnection)
afterEach(reportFailedStep)
