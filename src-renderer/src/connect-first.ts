// Imported first by main.tsx: opens the api's connection before the rest of the entry is evaluated, so the
// WebSocket handshake runs while the stores load (docs/architecture.md, "First render").
import { getApi } from './api/api'

getApi()
