// The generated bad-input suite at bench size (issue 14 item 7): 1,000 hostile requests per route of
// the route inventory instead of CI's 200. Prints the suite's own count line.
//   node bench/hostile-input/run.mjs            (HOSTILE_RUNS=1000 by default, HOSTILE_SEED to vary)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const runs = process.env.HOSTILE_RUNS ?? '1000'
const started = Date.now()
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/test/hostile-input.test.ts'],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, HOSTILE_RUNS: runs, AUTH_RATE_LIMITS: 'off' },
  },
)
const output = `${result.stdout}${result.stderr}`
const line = /hostile input: .*/.exec(output)?.[0] ?? 'no count line: see the output above'
if (result.status !== 0) process.stdout.write(output)
console.log(`${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
process.exit(result.status ?? 1)
