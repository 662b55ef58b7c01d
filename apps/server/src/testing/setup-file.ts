// Vitest setup for every server test file: what the file's tests left open is closed at its end, a
// database lent and never given back is taken back, and a schema left changed fails the file
// (testing/app.ts, testing/db.ts).
import { afterAll, expect } from 'vitest'
import { closeLeftoverApps } from './app.js'
import { endOfFile } from './db.js'

afterAll(async () => {
  await closeLeftoverApps()
  await endOfFile(expect.getState().testPath)
})
