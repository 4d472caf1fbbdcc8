/** `env` with the api's process settings (allocator, V8 heap) under it; see process-env.js. */
export function apiProcessEnv(env: Record<string, string | undefined>): Record<string, string>;
