// A setup file of the database tests: a statement sent to a connection while it runs another (two
// statements of one transaction in `Promise.all`) fails the test it happened in. node-postgres
// queues such a statement today, with a deprecation warning, and refuses it from pg 9.
import { afterEach, expect } from 'vitest';

const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) overlapping.push(warning.stack ?? warning.message);
});

afterEach(async () => {
  // The warning is emitted on the next tick after the statement that caused it.
  await new Promise((resolve) => setImmediate(resolve));
  expect(overlapping.splice(0), 'statements sent to a connection while it ran another').toEqual([]);
});
