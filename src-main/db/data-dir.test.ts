import { describe, expect, it } from 'vitest'
import { dataDir, databasePath } from './data-dir'

describe('dataDir', () => {
  it('prefers SKILL_AB_HOME', () => {
    expect(dataDir({ SKILL_AB_HOME: '/x/home', XDG_CONFIG_HOME: '/cfg' })).toBe('/x/home')
  })
  it('falls back to XDG_CONFIG_HOME/skill-ab', () => {
    expect(dataDir({ XDG_CONFIG_HOME: '/cfg', HOME: '/h' })).toBe('/cfg/skill-ab')
  })
  it('falls back to ~/.config/skill-ab', () => {
    expect(dataDir({ HOME: '/h' })).toBe('/h/.config/skill-ab')
    expect(databasePath('/d')).toBe('/d/skill-ab.db')
  })
})
