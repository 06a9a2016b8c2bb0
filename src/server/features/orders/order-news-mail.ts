import type { OrderStatus } from '../../../shared/order-statuses.ts';
import { nameIn, type Translations } from '../../db/translations.ts';
import type { QueuedMail } from '../../platform/mailer.ts';
import { mailWriter } from '../i18n/mail-text.ts';

/** The order and its shopper, as a mail about it names them. */
export interface OrderMailFacts {
  id: number;
  orderNumber: string;
  /** Null for a guest, who follows the order through the link of their confirmation mail (or finds it again at /orders/guest once that has run out). */
  userId: number | null;
  customerName: string;
  customerEmail: string | null;
  shopName: string;
  /** The language the order was placed in: the mail is written in it. */
  locale: string;
}

/** A parcel as the shipped mail lists it. */
export interface ShippedParcel {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** Each line's product as the order keeps it, with its names in other languages (`order_items.translations`). */
  lines: ReadonlyArray<{ name: string; translations: Translations; quantity: number }>;
}

export type OrderNews =
  | { kind: 'status'; status: OrderStatus }
  | { kind: 'cancelled'; reason: string }
  /** `complete`: the parcel holds the last units not yet shipped. */
  | { kind: 'shipped'; complete: boolean; parcel: ShippedParcel }
  /** The store corrected a parcel's carrier or tracking. */
  | { kind: 'tracking_corrected'; parcel: ShippedParcel };

const STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirm: 'Confirmed',
  processing: 'Processing',
  pickup: 'Picked Up',
  on_the_way: 'On The Way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

type Write = ReturnType<typeof mailWriter>;

function newsText(write: Write, news: OrderNews, order: OrderMailFacts) {
  const names = { number: order.orderNumber, shop: order.shopName };
  switch (news.kind) {
    case 'status': {
      const status = write(STATUS_WORDS[news.status]);
      return { subject: write('Order {{number}} is now {{status}}', { ...names, status }), body: [write('Your order #{{number}} from {{shop}} is now {{status}}.', { ...names, status })] };
    }
    case 'cancelled':
      return {
        subject: write('Order {{number}} is cancelled', names),
        body: [write('Your order #{{number}} from {{shop}} was cancelled by the store. The reason:', names), '', news.reason],
      };
    case 'shipped':
      return {
        subject: write(news.complete ? 'Order {{number}} has shipped' : 'Part of order {{number}} has shipped', names),
        body: [
          write(news.complete ? 'Your order #{{number}} from {{shop}} is on its way.' : 'Part of your order #{{number}} from {{shop}} is on its way; the rest follows later.', names),
          ...parcelText(write, news.parcel, order.locale),
        ],
      };
    case 'tracking_corrected':
      return {
        subject: write('New tracking for order {{number}}', names),
        body: [write('{{shop}} corrected the tracking of a parcel of your order #{{number}}. The earlier tracking number no longer applies.', names), ...parcelText(write, news.parcel, order.locale)],
      };
  }
}

/** What a parcel holds, in the order's language, and how to follow it. */
const parcelText = (write: Write, parcel: ShippedParcel, locale: string) => [
  '',
  write('In this parcel:'),
  ...parcel.lines.map((line) => `  ${line.quantity} × ${nameIn(line, locale)}`),
  '',
  write('Carrier: {{carrier}}', { carrier: parcel.carrier }),
  write('Tracking number: {{tracking}}', { tracking: parcel.trackingNumber }),
  ...(parcel.trackingUrl ? [write('Track the parcel: {{url}}', { url: parcel.trackingUrl })] : []),
];

/** The mail telling the shopper what the store did with their order, in the order's language; null when they have no e-mail address. */
export function orderNewsMail(order: OrderMailFacts, news: OrderNews, store: { appName: string; publicUrl: string }): QueuedMail | null {
  if (!order.customerEmail) return null;
  const write = mailWriter(order.locale);
  const { subject, body } = newsText(write, news, order);
  return {
    to: order.customerEmail,
    subject: `[${store.appName}] ${subject}`,
    text: [
      write('Hello {{name}},', { name: order.customerName }),
      '',
      ...body,
      '',
      order.userId === null
        ? write('Follow your order through the link in your order confirmation; if it has run out, find your order at {{url}} with your e-mail address and order number.', { url: `${store.publicUrl}/orders/guest` })
        : write('Follow your order at {{url}}', { url: `${store.publicUrl}/order-history/${order.id}` }),
    ].join('\n'),
    // Delivered: the order's invoice goes with it, made when the mail is sent (decision 038).
    ...(news.kind === 'status' && news.status === 'delivered' && { attachments: [{ invoiceOfOrder: order.id }] }),
  };
}
