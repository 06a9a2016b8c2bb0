import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as wait } from 'node:timers/promises';
import { Redis } from 'ioredis';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Polls until the server answers PING, for at most `timeoutMs`. */
async function waitForPong(url: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`redis-server at ${url} did not answer`, { cause: error });
    } finally {
      probe.disconnect();
    }
    await wait(50);
  }
}

/**
 * A redis-server of the test's own, on a free port and without persistence, that the test can kill
 * and start again: Redis outages are tested on it, never on the shared Redis other tests use.
 */
export async function startOwnRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  const running = () => server !== undefined && server.exitCode === null && server.signalCode === null;
  /** Starts the server unless it runs, and waits until it answers. */
  const start = async () => {
    if (running()) return;
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const failed = once(server, 'error').then(([error]: unknown[]) => {
      throw new Error('redis-server could not be started (is it installed?)', { cause: error });
    });
    await Promise.race([waitForPong(url), failed]);
  };
  /** Kills the server as a crash would and waits until it is gone. */
  const kill = async () => {
    if (!server || !running()) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url, start, kill };
}
