// What other features may use of recommendations (docs/decisions/014-feature-dependencies.md).
export { seedStarterTasks } from './starter-tasks.js'
export { addTaskOnce, taskIdsBySource } from './source-tasks.js'
