// `npm test`: builds, runs every Vitest project but the budgets (shared, server on PGlite, web), the
// page budgets, then the browser journeys and, when TEST_DATABASE_URL names a PostgreSQL server, the
// server's database test files again on it, those two side by side. Prints each step's time and
// test counts at the end (docs/decisions/003-test-databases.md, README "The two commands").
// Usage: node scripts/test.mjs [--skip-build]
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { databaseTestFiles } from './database-test-files.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
const reports = await mkdtemp(path.join(os.tmpdir(), 'localseo-test-reports-'))
const skipBuild = process.argv.includes('--skip-build')
/** What a failed journey step's page showed (e2e/browser.ts), printed with the failures. */
const journeyDiagnostics = path.join(reports, 'journey-diagnostics.txt')

/** @type {{ name: string, seconds: number, ok: boolean, counts?: Counts }[]} */
const results = []
/** The steps' names in the order they started: the summary keeps it, whichever ends first. */
const started = []

/**
 * @typedef {{ passed: number, failed: number, skipped: number, failures: string[],
 *   slowest: { name: string, seconds: number }[] }} Counts
 */

/**
 * Runs one command; with `prefix`, each output line is prefixed (for steps that run side by side).
 * @param {string} name
 * @param {string[]} command
 * @param {{ env?: Record<string, string>, prefix?: boolean, report?: string }} [options]
 */
async function run(name, command, options = {}) {
  started.push(name)
  const began = performance.now()
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.prefix ? 'pipe' : 'inherit', options.prefix ? 'pipe' : 'inherit'],
  })
  if (options.prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      let pending = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`)
      })
      stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`))
    }
  }
  const code = await new Promise((resolve) => {
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
    child.once('error', () => resolve(1))
  })
  const result = {
    name,
    seconds: (performance.now() - began) / 1000,
    ok: code === 0,
    counts: options.report ? await readCounts(options.report) : undefined,
  }
  results.push(result)
  return result.ok
}

/**
 * Vitest's JSON report, summed: what ran, so every run prints the same counts; with the names of
 * the tests that failed and the slowest files, so the end of a CI log says what to look at.
 */
async function readCounts(file) {
  try {
    const report = JSON.parse(await readFile(file, 'utf8'))
    const files = report.testResults.map((result) => ({
      name: path.relative(root, result.name),
      seconds: (result.endTime - result.startTime) / 1000,
      failed: result.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${test.fullName}${why(test.failureMessages)}`),
      // A file that fails before its tests run (an import or a hook) names no failed test.
      broken: result.status === 'failed' && result.message ? result.message.split('\n')[0] : '',
    }))
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
      failures: files.flatMap((entry) => [
        ...entry.failed.map((test) => `${entry.name} > ${test}`),
        ...(entry.broken && entry.failed.length === 0 ? [`${entry.name}: ${entry.broken}`] : []),
      ]),
      slowest: files.sort((a, b) => b.seconds - a.seconds).slice(0, 8),
    }
  } catch {
    return undefined
  }
}

/**
 * A failure's first lines, short, so the end of a CI log says why as well as what. Vitest's report
 * keeps a timeout's stack, not its message: the stack then starts with its placeholder
 * "Error: STACK_TRACE_ERROR", said here in words.
 */
function why(messages = []) {
  const lines = messages
    .join('\n')
    .replaceAll('Error: STACK_TRACE_ERROR', 'Timed out (the test or one of its hooks)')
    .split('\n')
    .map((text) => text.trim())
    // A stack's frames are left out but the first in a test file, which says where it failed.
    .filter((text, index, all) =>
      text.startsWith('at ')
        ? /\.(test|e2e)\.tsx?:/.test(text) &&
          all.findIndex((line) => /^at .*\.(test|e2e)\.tsx?:/.test(line)) === index
        : text && !/^[-+] (Expected|Received)$/.test(text),
    )
    .slice(0, 6)
    .map((text) => (text.length > 200 ? `${text.slice(0, 200)}…` : text))
  return lines.map((text) => `\n      ${text}`).join('')
}

/** Vitest arguments that also write the JSON report read by readCounts. */
function vitestReport(name) {
  const file = path.join(reports, `${name}.json`)
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] }
}

/**
 * The end of the log, in the order a reader of its tail needs: the slowest files, the failed
 * journey steps' pages, then every step's failed tests, then the steps. The failures come last but
 * for the steps' table, in the order the steps started, so a short tail of the log names them all.
 */
async function summary() {
  const line = (text) => process.stdout.write(`${text}\n`)
  results.sort((a, b) => started.indexOf(a.name) - started.indexOf(b.name))
  for (const { name, counts } of results) {
    if (!counts) continue
    line(`\n== ${name}: slowest files`)
    for (const file of counts.slowest)
      line(`${file.seconds.toFixed(0).padStart(5)} s  ${file.name}`)
  }
  const diagnostics = await readFile(journeyDiagnostics, 'utf8').catch(() => '')
  if (diagnostics) {
    line("\n== journeys: the failed steps' pages")
    for (const text of diagnostics.trimEnd().split('\n').slice(0, 40)) line(`  ${text}`)
  }
  for (const { name, counts } of results) {
    if (!counts?.failures.length) continue
    line(`\n== ${name}: failed`)
    for (const failure of counts.failures) line(`  ${failure}`)
  }
  line('\n== npm test: steps')
  let total = { passed: 0, failed: 0, skipped: 0 }
  for (const { name, seconds, ok, counts } of results) {
    const tests = counts
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : ''
    line(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(22)} ${seconds.toFixed(0).padStart(5)} s  ${tests}`)
    if (counts) {
      total = {
        passed: total.passed + counts.passed,
        failed: total.failed + counts.failed,
        skipped: total.skipped + counts.skipped,
      }
    }
  }
  line(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
}

async function main() {
  if (!skipBuild && !(await run('build', ['npm', 'run', 'build']))) return false
  const unit = vitestReport('unit')
  let ok = await run(
    'unit and integration',
    ['npx', 'vitest', 'run', '--project', '!budgets', ...unit.args],
    // This pass is the PGlite one, whatever the caller's environment says.
    { report: unit.file, env: { TEST_DATABASE_URL: '' } },
  )
  const budgets = vitestReport('budgets')
  ok =
    (await run('page budgets', ['npx', 'vitest', 'run', '--project', 'budgets', ...budgets.args], {
      report: budgets.file,
    })) && ok
  const journeys = vitestReport('journeys')
  const sideBySide = [
    run('journeys', ['node', 'apps/web/e2e/run.mjs', ...journeys.args], {
      prefix: true,
      report: journeys.file,
      env: { JOURNEY_DIAGNOSTICS: journeyDiagnostics },
    }),
  ]
  if (process.env.TEST_DATABASE_URL) {
    const postgres = vitestReport('postgres')
    const files = await databaseTestFiles(path.join(root, 'apps/server'))
    sideBySide.push(
      run(
        'server on PostgreSQL',
        ['npx', 'vitest', 'run', '--project', 'server', ...postgres.args, ...files],
        {
          prefix: true,
          report: postgres.file,
          // The generated bad-input suite has run 200 per route on PGlite already: 10 others here
          // (another seed), where each request costs three times as much (docs/security.md §5).
          env: {
            HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? '10',
            HOSTILE_SEED: process.env.HOSTILE_SEED ?? '20261128',
          },
        },
      ),
    )
  }
  for (const passed of await Promise.all(sideBySide)) ok = passed && ok
  return ok
}

let ok = false
try {
  ok = await main()
} finally {
  await summary()
  await rm(reports, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
