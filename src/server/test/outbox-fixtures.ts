import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails written to the outbox of the app whose data folder this is (no SMTP_URL in tests), to one address, oldest first. */
export function mailsTo(dataDir: string, address: string): OutboxMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === address);
}
