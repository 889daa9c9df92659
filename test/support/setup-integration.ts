// Runs in every integration test file: no CLI process (and so no agent) outlives its file.
import { afterAll } from 'vitest'
import { stopCliChildren } from './fixtures'

afterAll(stopCliChildren, 20_000)
