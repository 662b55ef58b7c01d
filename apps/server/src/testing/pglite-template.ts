// Where global-setup.ts leaves the run's migrated PGlite data directory, for the test files that copy
// it (testing/db.ts, test/boot.test.ts). Imports nothing of the database, so a file that only needs
// the template is not counted among the database test files (scripts/database-test-files.mjs).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of PGlite data directories; PGLITE_TEMPLATE in it is migrated. */
    pgliteRunDir: string
  }
}

/** The migrated template's folder name inside the run's folder. */
export const PGLITE_TEMPLATE = 'template'
