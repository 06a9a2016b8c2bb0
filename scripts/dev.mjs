// npm run dev: the API (tsx watch, port API_PORT) and the Vite dev server (port PORT, proxying /api
// to the API) side by side, with prefixed output. Either one stopping stops both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const color = (code, text) => (process.stdout.isTTY ? `\x1b[${code}m${text}\x1b[0m` : text);

const children = [];
let stopping = false;

function run(name, colorCode, args, env) {
  // Own process group, so stopping it also stops what npx and tsx start beneath it.
  const child = spawn('npx', ['--no', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = color(colorCode, `[${name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`${prefix} exited (${signal ?? `code ${code}`}); stopping the other one`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(exitCode) {
  if (!stopping) {
    stopping = true;
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  if (children.every((child) => child.exitCode !== null || child.signalCode !== null)) process.exit(exitCode);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', 36, ['tsx', 'watch', 'src/server/main.ts'], { PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
run('web', 35, ['vite'], { PORT: webPort, API_PORT: apiPort });
