import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';
import { createOutboxSmsSender } from './sms.ts';

/** A logger whose lines the test reads, and an outbox folder of its own. */
function capture() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines, dataDir: mkdtempSync(path.join(tmpdir(), 'store-outbox-log-')) };
}

const CODE_TEXT = '4821 is your verification code. It expires in 10 minutes.';

describe('the outbox senders', () => {
  it('log that a mail went to the outbox, to a masked address, never its text', async () => {
    const { log, lines, dataDir } = capture();
    await createOutboxMailer(dataDir, log).send({ to: 'ada.lovelace@example.com', subject: 'Your verification code', text: CODE_TEXT });
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ msg: 'mail written to the outbox (no SMTP_URL set)', to: 'a***@example.com' }]);
    expect(lines.join('')).not.toContain('4821 is your');
    expect(lines.join('')).not.toContain('ada.lovelace');
  });

  it('log that an SMS went to the outbox, to a masked number, never its text', async () => {
    const { log, lines, dataDir } = capture();
    await createOutboxSmsSender(dataDir, log).send('+12025550187', CODE_TEXT);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ msg: 'SMS written to the outbox (no TWILIO_* settings)', to: '***87' }]);
    expect(lines.join('')).not.toContain('4821 is your');
    expect(lines.join('')).not.toContain('2025550187');
  });
});
