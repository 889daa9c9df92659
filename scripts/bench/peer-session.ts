// One `exec:` call of promptfoo in the peer benchmark: ONE isolated opencode session, made exactly as the
// floor bench's bare loop makes it (private HOME/XDG dirs, clean env, config content). Side a runs without
// the skill, side b with it, `judge` runs the judge agent and answers promptfoo's grader JSON.
// argv: <settings.json> <a|b|judge> <prompt> <provider options JSON> <context JSON> (promptfoo adds the last 3).
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildConfigContent } from '../../src-main/agent/isolation/run-env'
import { judgeConfigOverrides } from '../../src-main/judge/judge-prompt'
import { parseJudgeOutput } from '../../src-main/judge/parse-output'
import { bareSession } from './floor'
import { graderReply, type PeerSessionSettings, type SessionRole } from './peer-config'

async function main(): Promise<void> {
  const [settingsFile, role, prompt] = process.argv.slice(2) as [string, SessionRole, string]
  if (!['a', 'b', 'judge'].includes(role) || typeof prompt !== 'string')
    throw new Error(`usage: peer-session <settings.json> <a|b|judge> <prompt>; got role ${role}`)
  const s = JSON.parse(readFileSync(settingsFile, 'utf8')) as PeerSessionSettings
  const dir = mkdtempSync(join(s.sessionsDir, `${role}-`))
  const startMs = Date.now()
  try {
    const content = buildConfigContent({
      skillsPath: role === 'b' ? s.skillsPath : null,
      providers: ['scripted'],
      idleTimeoutSec: 60,
      tmpDir: join(dir, 'tmp'),
    })
    if (role === 'judge') {
      const text = await bareSession(
        s.opencodeBin,
        s.opencodeVersion,
        dir,
        s.providers,
        { ...content, ...judgeConfigOverrides('scripted/judge', 100) },
        ['--agent=judge', '--model=scripted/judge', '--title=judge'],
        prompt,
      )
      const parsed = parseJudgeOutput(text, 100)
      if (!parsed.ok) throw new Error(`the judge gave no score: ${parsed.error}`)
      process.stdout.write(graderReply(parsed.score, parsed.reason))
    } else {
      const text = await bareSession(
        s.opencodeBin,
        s.opencodeVersion,
        dir,
        s.providers,
        content,
        ['--model=scripted/agent', '--title=run'],
        prompt,
      )
      process.stdout.write(text)
    }
    appendFileSync(s.log, `${JSON.stringify({ role, startMs, endMs: Date.now() })}\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`peer session: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
