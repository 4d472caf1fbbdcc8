// The environment every api process starts with (`npm start`, `npm run dev`, the bench, the api's reliability
// tests), beside its own settings. Plain CommonJS so the scripts can load it before anything is built.
//
// MALLOC_MMAP_THRESHOLD_: glibc serves an allocation of 1 MB or more with its own mmap, returned to the system when it
// is freed. Without it glibc raises that threshold to the size of the first such block freed, so every later password
// hash's 16 MB (scrypt, in the hashing threads) stays in a malloc arena for the life of the process: about 15 MB of
// RSS per hashing thread that ever ran. Other C libraries ignore it.
//
// NODE_OPTIONS: V8 sizes its heap for a machine, not for the api's 250 MB budget (database included when it is the
// embedded one). Its old generation grows to a few times what lives in it before a full collection: a 192 MB limit
// makes it collect sooner, which halves the api's peak under the bench's load. Its young generation grows to 3 x 16 MB;
// 8 MB semi-spaces save 24 MB more, where 4 MB cost the autosave a third of its throughput in extra scavenges. The
// database's documents live outside V8's heap (Buffers), so the limit does not cap the data.
const API_NODE_OPTIONS = '--max-semi-space-size=8 --max-old-space-size=192';

const API_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024), NODE_OPTIONS: API_NODE_OPTIONS };

/**
 * `env` with the api's process settings under it: a variable `env` sets wins, except that its NODE_OPTIONS come after
 * ours (node takes the last of a repeated flag), so `NODE_OPTIONS=--max-old-space-size=512 npm start` still works.
 */
function apiProcessEnv(env) {
  return {
    ...API_PROCESS_ENV,
    ...env,
    NODE_OPTIONS: [API_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' '),
  };
}

module.exports = { apiProcessEnv };
