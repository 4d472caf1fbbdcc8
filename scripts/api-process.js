// The environment every api process is started with (`npm start`, `npm run dev`, the bench), beside its own settings.
//
// MALLOC_MMAP_THRESHOLD_: glibc serves an allocation of 1 MB or more with its own mmap, returned to the system when it
// is freed. Without it glibc raises that threshold to the size of the first such block freed, so every later password
// hash's 16 MB (scrypt, in the hashing threads) stays in a malloc arena for the life of the process: about 15 MB of
// RSS per hashing thread that ever ran (measured with the bench's memory figure). Other C libraries ignore it.
const API_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };

module.exports = { API_PROCESS_ENV };
