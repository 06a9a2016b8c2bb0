// The environment a production server process starts with, for `npm start` and the benchmarks.

/**
 * libuv's thread pool runs scrypt (password hashes, two at a time by default), compression and file
 * reads; with Node's default of 4 threads a burst of logins would leave two for every other answer.
 * Both can still be set from outside.
 */
export const productionEnv = (env = process.env) => ({ NODE_ENV: 'production', UV_THREADPOOL_SIZE: '8', ...env });
