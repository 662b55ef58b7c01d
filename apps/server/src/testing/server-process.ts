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
  /** Resolves true once `text` has been written, false if the process exits first. */
  wrote: (text: string) => Promise<boolean>
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
  const waiting = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk.toString()
    for (const check of waiting) check()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // The test's own time limit bounds the wait: a start is waited for as it happens, not for a
  // guessed number of seconds that a busy machine can exceed.
  const wrote = (text: string) =>
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return
        waiting.delete(check)
        resolve(true)
      }
      waiting.add(check)
      check()
      void exited.then(() => {
        waiting.delete(check)
        resolve(output.includes(text))
      })
    })
  return { child, output: () => output, exited, wrote }
}
