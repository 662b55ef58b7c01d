// The app's version: the repository's package.json, read once at start. Its minor number is the
// last issue the release delivers (README "Changelog"); /healthz shows it so an operator can tell
// which release answers after an upgrade (README "Upgrading").
import { readFileSync } from 'node:fs'

// src/version.ts and dist/version.js both sit two folders below the repository's root.
const rootManifest = new URL('../../../package.json', import.meta.url)

export const APP_VERSION = (JSON.parse(readFileSync(rootManifest, 'utf8')) as { version: string })
  .version
