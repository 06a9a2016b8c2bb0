import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { maskEmail } from './logging.ts';
import { createOutbox } from './outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes when it is not the sender (a contact message: the shopper who wrote it). */
  replyTo?: string;
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
 * Without SMTP, mail goes to `DATA_DIR/outbox/` (`{ to, subject, text, html?, replyTo?, sent_at }` per
 * file). The log only says that it did, to whom in part: the text carries one-time codes.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const outbox = createOutbox(dataDir);
  return {
    async send(mail) {
      await outbox.write(mail);
      log.info({ to: maskEmail(mail.to) }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
