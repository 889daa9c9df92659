// Crash safety (issue 4): `skill-ab run` SIGKILLed twice at random moments, restarted each time.
// The 20-kill soak is test/crash-kill.slow.test.ts (`npm run test:slow`).
import { defineCrashSuite } from './support/crash-suite'

defineCrashSuite({ kills: 2, cases: 2 })
