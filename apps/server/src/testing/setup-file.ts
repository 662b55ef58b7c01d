// Vitest setup for every server test file: the file's one database (testing/db.ts) is closed after
// its last test.
import { afterAll } from 'vitest'
import { closeFileDatabase } from './db.js'

afterAll(closeFileDatabase)
