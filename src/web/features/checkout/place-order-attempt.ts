import type { EndpointBody } from '../../../shared/api-endpoints.ts';
import type { GuestContact } from '../../../shared/orders.contract.ts';

/** `POST /place-order`'s body (a customer's or a guest's); the server prices everything itself, `expected_payable_amount` is what the shopper saw. */
export type PlaceOrderBody = EndpointBody<'POST /place-order'>;

interface OrderChoices {
  shopIds: number[];
  /** A customer's address book entry, or a guest's contact and address. */
  destination: { address_id: number } | GuestContact;
  paymentMethod: string;
  isBuyNow: boolean;
  /** The payable amount on the shopper's screen. */
  payableAmount: number;
  /** The voucher code applied to each shop, by shop id. */
  couponCodes: Record<number, string>;
  note: string;
}

/** What Place Order sends: the shopper's choices, the codes of the shops ordered from, no empty voucher codes or note. */
export function placeOrderBody(choices: OrderChoices): PlaceOrderBody {
  const note = choices.note.trim();
  const codes = Object.fromEntries(choices.shopIds.filter((shopId) => choices.couponCodes[shopId]).map((shopId) => [shopId, choices.couponCodes[shopId]!]));
  return {
    shop_ids: choices.shopIds,
    ...choices.destination,
    payment_method: choices.paymentMethod,
    is_buy_now: choices.isBuyNow,
    expected_payable_amount: choices.payableAmount,
    ...(Object.keys(codes).length > 0 ? { coupon_codes: codes } : {}),
    ...(note ? { note } : {}),
  };
}

/** A random v4 UUID; `crypto.randomUUID` exists only in secure contexts, a store on plain HTTP in a LAN has none. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a Place Order attempt. While the store has not answered (the network
 * failed, the server broke), a retry of the same order is the same attempt and keeps its key, so
 * the server can answer it with the order it may already have placed instead of placing a second
 * one. A changed order, or any answer from the store, starts a new attempt with a new key.
 */
export class PlaceOrderAttempt {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  keyFor(body: PlaceOrderBody): string {
    const signature = JSON.stringify(body);
    if (this.current?.body !== signature) this.current = { key: this.newKey(), body: signature };
    return this.current.key;
  }

  /** After the call: only an unanswered attempt (no status, or a server failure) may be retried with its key. */
  settle(status: number) {
    if (status > 0 && status < 500) this.current = null;
  }
}
