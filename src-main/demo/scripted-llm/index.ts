// Entry point of the scripted LLM (an OpenAI-compatible fake for opencode): what the demo and tests import.
export type {
  CaseScript,
  Fault,
  FixedStep,
  LoggedRequest,
  ReplyLog,
  RequestKind,
  ScriptStep,
  ScriptedLlm,
  ScriptedLlmOptions,
  StepContext,
} from './types'
export { startScriptedLlm } from './server'
export { MODEL_IDS, PROVIDER_ID, providerConfig, writeProviderConfig } from './provider-config'
export type { ProviderConfigOptions } from './provider-config'
export {
  DEFAULT_ANSWER_FILE,
  DEFAULT_FINAL_TEXT,
  JUDGE_GARBAGE_TEXT,
  TITLE_TEXT,
  defaultJudge,
} from './script'
export { GARBAGE_BODY, INTERNAL_ERROR_MESSAGE, OVERLOADED_MESSAGE, RATE_LIMIT_MESSAGE } from './faults'
export { BUILT_IN_SKILLS } from './request'
