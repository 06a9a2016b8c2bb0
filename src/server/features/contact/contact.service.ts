import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { contactInputSchema } from '../../../shared/content.contract.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mail, Mailer } from '../../platform/mailer.ts';
import type { RateRule } from '../../platform/rate-limiter.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import type { StoreSettings } from '../settings/store-settings.ts';
import { mailWriter } from '../i18n/mail-text.ts';

/** A person (or a script) may send a handful of messages an hour from one address. */
export const CONTACT_RATE_RULE: RateRule = { limit: 5, windowSeconds: 60 * 60 };

export type ContactMessage = z.output<typeof contactInputSchema>;

interface ContactDependencies {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
}

interface Sender {
  ip: string;
  userId?: number;
}

/** A header holds one line: a subject's line breaks would otherwise end it. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The copy for the store, sent to `to` in the store's language. */
function storeMail(to: string, store: Pick<StoreSettings, 'app_name' | 'app_locale'>, message: ContactMessage): Mail {
  const write = mailWriter(store.app_locale);
  return {
    to,
    replyTo: message.email,
    subject: oneLine(`[${store.app_name}] ${write('Contact: {{subject}}', { subject: message.subject })}`),
    text: [
      write('A new message from the Contact Us form of {{store}}.', { store: store.app_name }),
      '',
      write('Name: {{name}}', { name: oneLine(message.name) }),
      write('E-mail: {{email}}', { email: message.email }),
      write('Phone: {{phone}}', { phone: message.phone ?? '-' }),
      write('Subject: {{subject}}', { subject: oneLine(message.subject) }),
      '',
      message.message,
      '',
      write('Reply to this e-mail to answer the sender.'),
    ].join('\n'),
  };
}

/**
 * Keeps the message, then mails a copy to the store's e-mail with reply-to the sender. The message
 * is kept even when the mail fails (mailed_at stays empty), so the owner never loses it.
 */
export async function receiveContactMessage({ db, mailer, clock, log }: ContactDependencies, message: ContactMessage, sender: Sender) {
  const [saved] = await db
    .insert(contactMessages)
    .values({
      userId: sender.userId ?? null,
      name: message.name,
      email: message.email,
      phone: message.phone ?? null,
      subject: message.subject,
      message: message.message,
      ipAddress: sender.ip,
      createdAt: clock.now(),
    })
    .returning({ id: contactMessages.id });

  const store = await readStoreSettings(db);
  if (!store.email) {
    log.warn({ contactMessageId: saved!.id }, 'contact message kept but not mailed: the store has no e-mail address');
    return;
  }
  try {
    await mailer.send(storeMail(store.email, store, message));
    await db.update(contactMessages).set({ mailedAt: clock.now() }).where(eq(contactMessages.id, saved!.id));
  } catch (error) {
    log.error({ err: error, contactMessageId: saved!.id }, 'contact message kept but the mail to the store failed');
  }
}
