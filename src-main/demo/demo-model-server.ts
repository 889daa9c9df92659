// The bundled scripted model for "Run the demo" in the app: started on first use, kept while the app lives
// (a demo task resumed later needs it again), its provider config rewritten with the current port.
import { join } from 'node:path'
import { startScriptedLlm, writeProviderConfig, type ScriptedLlm } from './scripted-llm'
import { demoModel } from './demo-model'

export class DemoModelServer {
  private llm: Promise<ScriptedLlm> | null = null

  constructor(private readonly dir: string) {}

  /** The provider config file that points opencode at the running scripted model. */
  providerConfigPath(): string {
    return join(this.dir, 'scripted-provider.json')
  }

  async ensure(): Promise<string> {
    this.llm ??= startScriptedLlm(demoModel)
    const llm = await this.llm
    return writeProviderConfig(this.providerConfigPath(), { baseURL: llm.url })
  }

  async close(): Promise<void> {
    const llm = this.llm
    this.llm = null
    if (llm) await (await llm).close()
  }
}
