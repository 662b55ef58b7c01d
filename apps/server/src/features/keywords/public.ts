// What other features may use of keywords (docs/decisions/014-feature-dependencies.md).
export { seedDefaultKeywords } from './default-keywords.js'
