import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One counter for every outbox of the process, so a mail and an SMS written in the same millisecond never share a file name. */
let sequence = 0;

/**
 * Where messages go when no real transport is configured: one JSON file per message in
 * `DATA_DIR/outbox/`, so a developer (and the browser tests) can read the codes the store sends.
 */
export function createOutbox(dataDir: string) {
  const folder = path.join(dataDir, 'outbox');
  return {
    async write(message: object) {
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(4, '0')}.json`;
      await writeFile(path.join(folder, name), JSON.stringify({ ...message, sent_at: new Date().toISOString() }, null, 2));
    },
  };
}
