import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { maskEmail } from './logging.ts';
import { createOutbox } from './outbox.ts';

/** A file a queued mail names: made when the mail is sent, so the queue row stays small and every retry makes it again. */
export interface MailAttachmentReference {
  invoiceOfOrder: number;
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes when it is not the sender (a contact message: the shopper who wrote it). */
  replyTo?: string;
}

/** A mail in the job queue: its attachments by reference. */
export interface QueuedMail extends Mail {
  attachments?: MailAttachmentReference[];
}

/** A mail as it goes out: its attachments made. */
export interface OutgoingMail extends Mail {
  attachments?: MailAttachment[];
}

/** Makes the file a queued mail names. */
export type MakeAttachment = (reference: MailAttachmentReference) => Promise<MailAttachment>;

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
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
 * Without SMTP, mail goes to `DATA_DIR/outbox/` (`{ to, subject, text, html?, replyTo?, attachments?, sent_at }`
 * per file, each attachment a file in `DATA_DIR/outbox-files/` whose path `attachments` names). The
 * log only says that it did, to whom in part: the text carries one-time codes.
 */
export function createOutboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const outbox = createOutbox(dataDir);
  return {
    async send({ attachments, ...mail }) {
      await outbox.write(mail, attachments);
      log.info({ to: maskEmail(mail.to) }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
