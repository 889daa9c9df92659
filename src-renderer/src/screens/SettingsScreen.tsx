// Settings: opencode binary, provider config, default models, concurrency; the data dir shown.
import { useEffect, useState } from 'react'
import type { AppInfo, Settings } from '../../../src-shared/ipc-views'
import { call } from '../api/api'
import { attempt, useNotices } from '../stores/notices-store'
import { useTheme, type ThemeChoice } from '../stores/theme-store'
import { PathField, TextField } from './setup/fields'

export function SettingsScreen() {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [settings, setSettings] = useState<Settings | null>(null)
  const theme = useTheme()
  useEffect(() => {
    void call('app.info', {}).then(setInfo)
    void call('settings.get', {}).then(setSettings)
  }, [])
  if (!settings) return <div className="page muted">Loading…</div>
  const set = (patch: Partial<Settings>) => setSettings({ ...settings, ...patch })
  const save = async () => {
    const saved = await attempt('Save settings', () => call('settings.set', settings))
    if (saved) {
      setSettings(saved)
      useNotices
        .getState()
        .push('info', 'Settings saved. The opencode binary and provider config apply at the next start.')
    }
  }
  return (
    <div className="page stack">
      <h1>Settings</h1>
      <div className="card">
        <h2>This app</h2>
        <dl className="kv">
          <dt>data dir</dt>
          <dd className="mono">{info?.dataDir}</dd>
          <dt>opencode</dt>
          <dd className="mono">
            {info?.opencode
              ? `${info.opencode.version ?? '?'} at ${info.opencode.path} (${info.opencode.source})`
              : 'not found'}
          </dd>
          <dt>provider config</dt>
          <dd className="mono">
            {info?.providerConfig ?? 'none: opencode uses your global config and environment credentials'}
          </dd>
          <dt>version</dt>
          <dd>
            {info?.version} ({info?.transport === 'serve' ? 'in a browser (skill-ab serve)' : 'desktop'})
          </dd>
        </dl>
      </div>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <fieldset>
          <legend>Agent and models</legend>
          <div className="grid-2">
            <PathField
              label="opencode binary"
              kind="file"
              value={settings.opencodeBin ?? ''}
              onChange={(v) => set({ opencodeBin: v || null })}
              hint="Empty: SKILL_AB_OPENCODE_BIN, the bundled opencode, or opencode on PATH."
              start={info?.homeDir}
            />
            <PathField
              label="Provider config"
              kind="file"
              value={settings.providerConfig ?? ''}
              onChange={(v) => set({ providerConfig: v || null })}
              hint="An opencode.json with your providers (OPENCODE_CONFIG wins when set)."
              start={info?.homeDir}
            />
            <TextField
              label="Default agent model"
              value={settings.defaultAgentModel ?? ''}
              onChange={(v) => set({ defaultAgentModel: v || null })}
              placeholder="provider/model"
            />
            <TextField
              label="Default judge model"
              value={settings.defaultJudgeModel ?? ''}
              onChange={(v) => set({ defaultJudgeModel: v || null })}
              placeholder="provider/model"
            />
            <TextField
              label="Agents at once (new tasks)"
              type="number"
              value={String(settings.concurrency)}
              onChange={(v) => set({ concurrency: Number(v) })}
            />
            <TextField
              label="Judges at once (new tasks)"
              type="number"
              value={String(settings.judgeConcurrency)}
              onChange={(v) => set({ judgeConcurrency: Number(v) })}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>Appearance</legend>
          <div className="row">
            {(['system', 'light', 'dark'] as ThemeChoice[]).map((c) => (
              <label key={c} className="row">
                <input type="radio" name="theme" checked={theme.choice === c} onChange={() => theme.set(c)} />{' '}
                {c}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button className="primary" type="submit">
            Save settings
          </button>
        </div>
      </form>
    </div>
  )
}
