// The scripted LLM the tests use is the demo's bundled model (src-main/demo/scripted-llm); tests import it
// from here, beside their own helpers that talk to it like opencode does (test-client.ts).
export * from '../../../src-main/demo/scripted-llm'
