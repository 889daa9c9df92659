// Crash soak (issue 4, `npm run test:slow`): 20 SIGKILLs at random moments over a larger task.
import { defineCrashSuite } from './support/crash-suite'

defineCrashSuite({ kills: 20, cases: 20 })
