// The compiled server applies migrations at boot, so they travel with dist/.
import { cpSync } from 'node:fs'

cpSync(
  new URL('../src/db/migrations', import.meta.url),
  new URL('../dist/db/migrations', import.meta.url),
  {
    recursive: true,
  },
)
