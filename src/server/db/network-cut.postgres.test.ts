import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../platform/error-handler.ts';
import { startAppInstance } from '../test/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { adminDatabaseUrl, openTestDatabase } from '../test/test-database.ts';

// The store reaches PostgreSQL through a proxy that a test cuts like a network: the connections stay
// open and nothing comes back, so only the pool's answer timeout (a second here) ends a statement.
let proxy: TcpProxy;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const server = new URL(adminDatabaseUrl());
  proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
  database = await openTestDatabase({ port: proxy.port, answerTimeoutMs: 1_000 });
  app = await startAppInstance(database);
});

afterAll(async () => {
  proxy?.heal();
  await app?.close();
  await database?.close();
  await proxy?.close();
});

const listing = (page: number) => app.inject({ method: 'GET', url: `/api/products?per_page=2&page=${page}` });

it('answers 503 while the network to the database is cut, instead of waiting for TCP to give up, and serves again once it is back', async () => {
  expect((await listing(1)).statusCode).toBe(200);

  proxy.cut();
  const cutOff = await listing(2);
  expect(cutOff.statusCode).toBe(503);
  expect(cutOff.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
  expect(cutOff.headers['retry-after']).toBeDefined();

  proxy.heal();
  await expect.poll(async () => (await listing(3)).statusCode, { timeout: 15_000 }).toBe(200);
  expect((await listing(4)).json().data.products).toHaveLength(2);
});
