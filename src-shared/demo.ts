// The bundled demo's tasks are named with this prefix; their exports say `"demo": true`.
export const DEMO_TASK_PREFIX = 'demo: '
