import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it, vi } from 'vitest';

it('passes a stop signal on to the server, which closes gracefully, and exits as the server did', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'run-server-'));
  // A stand-in for the built server: it says when it is up, and closes on SIGTERM as main.ts does.
  const server = path.join(folder, 'server.mjs');
  writeFileSync(server, "process.on('SIGTERM', () => { console.log('closed gracefully'); process.exit(0); }); console.log(`listening ${process.pid}`); setInterval(() => {}, 1000);");
  const runServer = pathToFileURL(path.resolve('scripts/run-server.mjs')).href;
  const runner = spawn(process.execPath, ['--input-type=module', '-e', `import { runServer } from '${runServer}'; runServer(${JSON.stringify(server)}, process.env);`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  runner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => runner.on('exit', (code) => resolve(code)));
  await vi.waitUntil(() => output.includes('listening'), { timeout: 10_000, interval: 20 });
  const serverPid = Number(/listening (\d+)/.exec(output)![1]);
  try {
    // As a container's stop or a process manager does: the signal goes to the process it started.
    runner.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('closed gracefully');
  } finally {
    try {
      process.kill(serverPid, 'SIGKILL');
    } catch {
      // Gone already, as it should be.
    }
  }
});
