// Runs the built server as a child process that stops as it would alone: the stop signal a process
// manager or a container sends this script (SIGTERM, or SIGINT from a terminal) is passed on, so the
// server closes gracefully (finishing the requests it is running) instead of being left running
// until it is killed; this script exits as the server did.
import { spawn } from 'node:child_process';

/** Starts `entry` with `env`, passes on SIGINT and SIGTERM, and exits with the server's code. */
export function runServer(entry, env) {
  const server = spawn(process.execPath, [entry], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}
