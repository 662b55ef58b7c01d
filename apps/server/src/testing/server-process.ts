// The real server as a child process (src/index.ts through tsx), for the process-level tests: the
// DATA_DIR lock and shutdown (test/boot.test.ts) and several instances on one PostgreSQL
// (test/instances.test.ts). Only the given environment reaches it, with PATH.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string
  exited: Promise<number | null>
}

export function spawnServer(env: Record<string, string | undefined>): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/index.ts'],
    {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}
