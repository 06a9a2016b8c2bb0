import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP, mail goes to the log and to `DATA_DIR/outbox/` as one JSON file per message,
 * so a developer (and the browser tests) can read the codes the store sends.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  let sequence = 0;
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      sequence += 1;
      const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(4, '0')}.json`;
      await writeFile(path.join(outbox, name), JSON.stringify({ ...mail, sent_at: new Date().toISOString() }, null, 2));
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
