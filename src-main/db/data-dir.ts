// The data dir (docs/data-model.md, binding): $SKILL_AB_HOME, else ${XDG_CONFIG_HOME:-~/.config}/skill-ab.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SKILL_AB_HOME) return resolve(env.SKILL_AB_HOME)
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config')
  return join(resolve(configHome), 'skill-ab')
}

export function databasePath(dir: string): string {
  return join(dir, 'skill-ab.db')
}
