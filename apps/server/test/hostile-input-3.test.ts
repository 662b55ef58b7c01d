// Part 3 of the generated bad-input suite (hostile-input.ts).
import { hostileInputSuite } from './hostile-input.js'

hostileInputSuite(2)
