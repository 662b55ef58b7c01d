// Types of server.mjs for the benches written in TypeScript.
export interface BenchServer {
  url: string
  pid: number
  stop(): Promise<void>
}

export function startServer(options?: {
  databaseUrl?: string | undefined
  dataDir?: string
  env?: Record<string, string>
  nodeArgs?: string[]
}): Promise<BenchServer>
