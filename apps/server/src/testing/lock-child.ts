// A process that takes or tries the DATA_DIR lock, for the lock tests (db/lock.test.ts):
//   lock-child.ts DIR hold     takes the lock, prints 'locked', and stays until killed
//   lock-child.ts DIR try N    tries N times while another process holds it, prints the outcomes
import { acquireDataDirLock, DataDirLockedError } from '../db/lock.js'

const [dir = '', mode = 'hold', count = '1'] = process.argv.slice(2)

if (mode === 'hold') {
  await acquireDataDirLock(dir)
  process.stdout.write(`locked ${process.pid}\n`)
  setInterval(() => undefined, 1_000)
} else {
  const outcomes = { refused: 0, acquired: 0, slowestMs: 0, message: '' }
  for (let i = 0; i < Number(count); i++) {
    const started = Date.now()
    try {
      ;(await acquireDataDirLock(dir)).release()
      outcomes.acquired++
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error
      outcomes.refused++
      outcomes.message = error.message
    }
    outcomes.slowestMs = Math.max(outcomes.slowestMs, Date.now() - started)
  }
  process.stdout.write(`${JSON.stringify(outcomes)}\n`)
}
