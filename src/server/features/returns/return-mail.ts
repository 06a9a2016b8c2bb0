import { mailWriter, moneyWriter, type WrittenCurrency } from '../i18n/mail-text.ts';
import type { Mail } from '../../platform/mailer.ts';

/** The order a return mail is about, and who gets it. */
export interface ReturnMailOrder {
  id: number;
  orderNumber: string;
  email: string | null;
  name: string;
  currency: WrittenCurrency;
}

/** Each step's subject and opening line (English message keys, translated in `mail-returns.json`). */
const steps = {
  requested: ['Return requested for order #{{order}}', 'We received your return request for order #{{order}}. We will write again when the shop has looked at it.'],
  approved: ['Return approved for order #{{order}}', 'The shop approved your return for order #{{order}}. How to send the items back:'],
  rejected: ['Return declined for order #{{order}}', 'The shop cannot accept your return for order #{{order}}. The reason:'],
  received: ['Return received for order #{{order}}', 'The shop received the items you sent back for order #{{order}}.'],
  refunded: ['Refund for order #{{order}}', 'We refunded {{amount}} for order #{{order}}. The reason:'],
  /** A refund mailed as made that the payment provider failed afterwards. */
  refund_failed: [
    'Your refund for order #{{order}} did not go through',
    'The refund of {{amount}} for order #{{order}} that we wrote to you about did not go through at the payment provider. The shop has been told and will refund it again.',
  ],
} as const;
export type ReturnMailStep = keyof typeof steps;

/**
 * The shopper's mail of a return's step (or a refund) in the language they asked in; `detail` is
 * the instructions, the reason or nothing. Null when the order has no e-mail address.
 */
export function returnStepMail(
  { order, step, locale, detail, amount, publicUrl }: { order: ReturnMailOrder; step: ReturnMailStep; locale: string; detail?: string | null; amount?: number; publicUrl: string },
): Mail | null {
  if (!order.email) return null;
  const say = mailWriter(locale);
  const money = amount === undefined ? '' : moneyWriter(locale, order.currency)(amount);
  const values = { order: order.orderNumber, amount: money };
  const [subject, opening] = steps[step];
  return {
    to: order.email,
    subject: say(subject, values),
    text: [
      say('Hello {{name}},', { name: order.name }),
      '',
      say(opening, values),
      ...(detail ? ['', detail] : []),
      '',
      say('Follow your return at {{url}}', { url: `${publicUrl}/order-history/${order.id}` }),
    ].join('\n'),
  };
}
