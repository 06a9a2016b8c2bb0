import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createOutbox } from './outbox.ts';

it('shows a message in the outbox only once it is whole', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outbox-'));
  const folder = path.join(dataDir, 'outbox');
  // Large enough that the file is written in several steps, between which a reader gets its turn.
  const text = 'A long order confirmation. '.repeat(200_000);
  let writing = true;
  const written = createOutbox(dataDir)
    .write({ to: 'ada@example.com', subject: 'Order confirmed', text })
    .finally(() => (writing = false));
  while (writing) {
    const names = await readdir(folder).catch(() => []);
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { text: string };
      expect(message.text).toBe(text);
    }
  }
  await written;
  const names = await readdir(folder);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/\.json$/);
});
