import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One counter for every outbox of the process, so a mail and an SMS written in the same millisecond never share a file name. */
let sequence = 0;

/**
 * Where messages go when no real transport is configured: one JSON file per message in
 * `DATA_DIR/outbox/`, so a developer (and the browser tests) can read the codes the store sends.
 */
export function createOutbox(dataDir: string) {
  const folder = path.join(dataDir, 'outbox');
  // Apart from the messages, so the outbox folder holds only JSON.
  const fileFolder = path.join(dataDir, 'outbox-files');
  return {
    /** Writes the message, each file as `outbox-files/<message>-<filename>`, its path in the message's `attachments`. */
    async write(message: object, files: ReadonlyArray<{ filename: string; contentType: string; content: Buffer }> = []) {
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(4, '0')}`;
      const attachments = [];
      for (const { filename, contentType, content } of files) {
        await mkdir(fileFolder, { recursive: true });
        const file = path.join(fileFolder, `${name}-${path.basename(filename)}`);
        await writeFile(file, content);
        attachments.push({ filename, contentType, file });
      }
      const written = { ...message, ...(attachments.length > 0 && { attachments }), sent_at: new Date().toISOString() };
      // Written aside and renamed into place: whoever reads the outbox never meets half a message.
      const file = path.join(folder, `${name}.json`);
      await writeFile(`${file}.part`, JSON.stringify(written, null, 2));
      await rename(`${file}.part`, file);
    },
  };
}
