import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import { maskPhone } from './logging.ts';
import { createOutbox } from './outbox.ts';

export interface SmsSender {
  /** `to` is an E.164 number ("+12025550123"). Throws when the message could not be handed over. */
  send(to: string, text: string): Promise<void>;
}

export type TwilioSettings = NonNullable<AppConfig['sms']>;

const TWILIO_TIMEOUT_MS = 10_000;

/** SMS through Twilio's Messages API (`TWILIO_*`); any answer but 2xx is a failure. */
export function createTwilioSmsSender({ accountSid, authToken, from, apiUrl }: TwilioSettings): SmsSender {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    async send(to, text) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: from, Body: text }),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      if (!response.ok) {
        // Twilio's own message quotes the number, which must not reach the log: its error code says enough.
        const { code } = (await response.json().catch(() => ({}))) as { code?: unknown };
        throw new Error(`Twilio refused the SMS: HTTP ${response.status}${typeof code === 'number' ? `, Twilio error ${code}` : ''}`);
      }
    },
  };
}

/**
 * Without Twilio, text messages go to `DATA_DIR/outbox/` (`{ channel: 'sms', to, text, sent_at }` per
 * file). The log only says that one did, to whom in part: the text carries one-time codes.
 */
export function createOutboxSmsSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const outbox = createOutbox(dataDir);
  return {
    async send(to, text) {
      await outbox.write({ channel: 'sms', to, text });
      log.info({ to: maskPhone(to) }, 'SMS written to the outbox (no TWILIO_* settings)');
    },
  };
}
