export function findElectronBinary(env?: NodeJS.ProcessEnv): { path: string } | { reason: string }
