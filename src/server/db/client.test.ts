import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../platform/database-errors.ts';
import { openDatabase } from './client.ts';

/** A "database" that takes connections and never says a word, like a server hung or cut off behind a firewall. */
const silent = createServer();
const held: Socket[] = [];
silent.on('connection', (socket) => held.push(socket));
let url: string;
beforeAll(async () => {
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  url = `postgres://postgres@127.0.0.1:${(silent.address() as { port: number }).port}/store`;
});
afterAll(() => {
  for (const socket of held) socket.destroy();
  silent.close();
});

it('gives up on a database that never answers within seconds, as unavailable', { timeout: 15_000 }, async () => {
  const database = await openDatabase({ driver: 'postgres', url });
  const failure = await database.ping().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(isDatabaseUnavailable(failure)).toBe(true);
  await database.close();
});
