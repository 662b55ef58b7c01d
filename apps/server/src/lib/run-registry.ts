// Long work running in this process (site audits, grid scans, "Verify all" runs), each under an id:
// a cancel reaches it, and a graceful shutdown stops it and waits. One registry per kind of work is
// made by createDeps (deps.ts), so two apps in one process (tests) never see each other's runs.

/** The abort reason of a stop: a queued run goes back to the queue instead of ending. */
export const SHUTDOWN = 'shutdown'

interface RunRegistry {
  /** Runs `execute` under `id` until it settles; its controller aborts it. */
  track(id: string, execute: (controller: AbortController) => Promise<void>): Promise<void>
  /** Asks the run to stop; false when it is not running here. */
  cancel(id: string): boolean
  /** Waits for every run going on here (tests, graceful shutdown). */
  settle(): Promise<void>
  /** Graceful shutdown: aborts every run with SHUTDOWN and waits for each. */
  stop(): Promise<void>
}

function createRunRegistry(): RunRegistry {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  // A queued run handed back by a stop rejects: its job sees that, not this wait.
  const settle = async () => {
    await Promise.allSettled([...running.values()].map((run) => run.done))
  }
  return {
    track(id, execute) {
      const controller = new AbortController()
      const done = execute(controller).finally(() => running.delete(id))
      running.set(id, { controller, done })
      return done
    },
    cancel(id) {
      const run = running.get(id)
      run?.controller.abort()
      return run !== undefined
    },
    settle,
    async stop() {
      for (const run of running.values()) run.controller.abort(SHUTDOWN)
      await settle()
    },
  }
}

/** The runs of each kind of long work in this process. */
export interface Runs {
  audits: RunRegistry
  scans: RunRegistry
  verifies: RunRegistry
}

export function createRuns(): Runs {
  return { audits: createRunRegistry(), scans: createRunRegistry(), verifies: createRunRegistry() }
}
