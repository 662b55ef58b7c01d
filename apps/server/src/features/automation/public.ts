// What the app's entry point uses of automation (docs/decisions/018-job-queue.md): the runner that
// plans scheduled work and runs it through the job queue; a new business's schedules, made with it.
export { createAutomationRunner, type AutomationRunner } from './runner.js'
export { ensureSchedules } from './schedules.js'
