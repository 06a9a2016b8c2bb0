import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';

/** A message the store sent without SMTP: one JSON file in `E2E_DATA_DIR/outbox/` (src/server/platform/mailer.ts). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  sent_at: string;
}

function outboxDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

async function readOutbox(): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir(), name), 'utf8')) as OutboxMail));
}

/** The newest mail sent to an address, or undefined when none was. */
export async function newestMailTo(address: string): Promise<OutboxMail | undefined> {
  const mails = (await readOutbox()).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  return mails.sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at))[0];
}

/**
 * Waits for a mail to the address sent at or after `since` (the store writes it while answering a
 * call the page made) and answers it.
 */
export async function waitForMailTo(address: string, since: Date, timeout = 10_000): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mail = await newestMailTo(address);
        found = mail && Date.parse(mail.sent_at) >= since.getTime() ? mail : undefined;
        return found;
      },
      { message: `a mail to ${address}`, timeout },
    )
    .toBeDefined();
  return found!;
}

/** The one-time code a mail carries (docs/product/storefront.md §9: four digits). */
export function codeIn(mail: OutboxMail): string {
  const code = /\b(\d{4})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 4-digit code in the mail "${mail.subject}": ${mail.text}`);
  return code;
}
