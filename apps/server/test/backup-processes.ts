// The processes of the backup tests (backup.test.ts on PGlite, backup-postgres.test.ts): servers
// started as an operator starts them, and `npm run backup` / `npm run restore` run as commands.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { authHeader, JSON_HEADERS } from '../src/testing/auth.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))

export interface Server {
  process: ServerProcess
  url: string
  request: (input: string, init?: RequestInit) => Promise<Response>
}

/** Servers and commands started from `work` (a temporary folder the caller removes). */
export function backupProcesses(work: string, env: () => Record<string, string>) {
  const running: ServerProcess[] = []
  return {
    startServer: async (dataDir: string, more: Record<string, string> = {}): Promise<Server> => {
      const started = spawnServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: work,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMITS: 'off',
        SIMULATED_DELAYS: 'false',
        ...env(),
        ...more,
      })
      running.push(started)
      expect(await started.wrote('LocalSEO AI is listening')).toBe(true)
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(started.output())?.[1] ?? ''
      return { process: started, url, request: (input, init) => fetch(`${url}${input}`, init) }
    },

    stop: async (server: Server) => {
      server.process.child.kill('SIGTERM')
      expect(await server.process.exited).toBe(0)
    },

    /** `npm run backup` / `npm run restore` as the operator runs them: exit code and output. */
    runScript: (
      script: 'backup' | 'restore',
      args: string[],
      more: Record<string, string> = {},
    ) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', `scripts/${script}.ts`, ...args],
        { cwd: serverDir, env: { PATH: process.env.PATH, INIT_CWD: work, ...env(), ...more } },
      )
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      return new Promise<{ code: number | null; output: string }>((resolve) =>
        child.on('exit', (code) => resolve({ code, output })),
      )
    },

    killAll: () => {
      for (const server of running) server.child.kill('SIGKILL')
    },
  }
}

export function send(server: Server, token: string, method: string, url: string, body?: unknown) {
  return server.request(url, {
    method,
    headers: { ...JSON_HEADERS, ...authHeader(token) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The owner's saved planner keywords, as the restored server lists them. */
export async function savedKeywords(server: Server, token: string): Promise<Set<string>> {
  const list = await send(server, token, 'GET', '/api/planner/saved')
  const { keywords } = (await list.json()) as { keywords: { keyword: string }[] }
  return new Set(keywords.map((k) => k.keyword))
}
