// The environment a production server process starts with, for `npm start` and the benchmarks.

/**
 * libuv's thread pool runs scrypt (password hashes, two at a time by default), compression and file
 * reads; with Node's default of 4 threads a burst of logins would leave two for every other answer.
 *
 * V8 lets its heap grow far past what the server keeps alive (a burst of page renders took the
 * process to 560 MB resident; with this cap the whole benchmark peaks at 239 MB, issue 14): the
 * answers the app keeps are bounded at under 50 MB, and a render's garbage is collected sooner
 * instead. Near the cap the server answers 503 for a moment (app.ts, under-pressure). The young
 * generation, where a request's garbage starts, is capped at 4 MB a half instead of V8's 16: at a
 * million products listings and searches peaked at 279 MB with 16, 252 with 4, and pages, searches
 * and details were served as fast or faster (docs/benchmarks.md at 7ae58e4, session 28). All of these can still be
 * set from outside.
 */
export const productionEnv = (env = process.env) => ({
  NODE_ENV: 'production',
  UV_THREADPOOL_SIZE: '8',
  NODE_OPTIONS: '--max-old-space-size=128 --max-semi-space-size=4',
  // glibc keeps what its per-thread arenas once held: a password hash's 16 MiB on each of the eight
  // pool threads stayed resident after a login storm (244 MB against 187 MB with these two).
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  ...env,
});
