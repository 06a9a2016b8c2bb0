import type { AppConfig } from '../../config.ts';

// The app decorates itself with this feature's gateways (app.ts); the platform knows nothing of payments.
declare module 'fastify' {
  interface FastifyInstance {
    /** The payment methods this installation can run (cash always, Stripe when configured). */
    paymentGateways: PaymentGateways;
  }
}

/** One line of what a hosted checkout shows and charges; amounts in minor units of the checkout's currency. */
export interface CheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface CheckoutRequest {
  paymentId: number;
  /** Repeating a request with the same payment and attempt answers the checkout made the first time. */
  attempt: number;
  /** ISO 4217 code. */
  currency: string;
  lines: CheckoutLine[];
  /** Voucher discounts, taken off the lines' total. */
  discount: { amount: number; name: string } | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  customerEmail?: string;
}

/** Where a hosted checkout stands: `processing` is completed by the shopper with the money still on its way. */
export type CheckoutState = 'open' | 'paid' | 'processing' | 'expired';

/** What a provider's webhook says about a checkout. */
export interface CheckoutEvent {
  id: string;
  type: string;
  paymentId: number | null;
  sessionId: string | null;
  /** `paid` settles the payment, `failed` releases its orders; null for events that change nothing. */
  outcome: 'paid' | 'failed' | null;
  amount: number | null;
  currency: string | null;
  /** Refunds the event reports on (`refund.*`, `charge.refunded`): the gateway's id, ours from its metadata, and where it stands. */
  refunds: GatewayRefundState[];
}

export interface GatewayRefundState {
  providerRefundId: string;
  /** Our `refunds.id`, from the metadata the refund was made with; null for a refund made elsewhere (the provider's dashboard). */
  refundId: number | null;
  status: 'pending' | 'succeeded' | 'failed';
}

/** Money given back on a paid checkout: `amount` in minor units of the checkout's currency. */
export interface RefundRequest {
  sessionId: string;
  /** Our `refunds.id`: repeating a request for it answers the refund made the first time. */
  refundId: number;
  amount: number;
}

/** The provider answered a checkout request with an error; repeating the same request would get the same answer. */
export class CheckoutRefused extends Error {}

/** A checkout page the provider hosts: the shopper is sent there and the provider reports back by webhook. */
export interface HostedCheckout {
  /**
   * Safe to repeat for one payment and attempt: the provider answers the checkout it already made.
   * Throws `CheckoutRefused` when the provider answered with an error, anything else when the
   * answer was lost (then the same request may be repeated).
   */
  create(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  read(sessionId: string): Promise<CheckoutState>;
  /** Closes an open checkout so it can no longer be paid; answers the state it ended in (maybe paid first). */
  close(sessionId: string): Promise<CheckoutState>;
  /**
   * Refunds part or all of a paid checkout; safe to repeat for one refund id. Throws `CheckoutRefused`
   * when the provider refused it, anything else when the answer was lost.
   */
  refund(request: RefundRequest): Promise<GatewayRefundState>;
  /** Verifies the webhook's signature and age (throws when either is wrong) and reads the event. */
  parseEvent(payload: Buffer, signature: string | undefined, receivedAt: Date): CheckoutEvent;
}

/**
 * A payment method a shopper can choose (a payment_gateways row's `name`). Cash on delivery has no
 * hosted checkout: nothing is collected when the order is placed.
 */
export interface PaymentGateway {
  name: string;
  checkout: HostedCheckout | null;
}

export type PaymentGateways = ReadonlyMap<string, PaymentGateway>;

/**
 * The gateways this installation can run: cash always, Stripe when its keys are configured. Stripe's
 * SDK (some 200 modules, and the resident memory they hold) is loaded only then.
 */
export async function createPaymentGateways(config: AppConfig): Promise<PaymentGateways> {
  const gateways: PaymentGateway[] = [{ name: 'cash', checkout: null }];
  if (config.stripe) {
    const { createStripeCheckout } = await import('./stripe-checkout.ts');
    gateways.push({ name: 'stripe', checkout: createStripeCheckout(config.stripe) });
  }
  return new Map(gateways.map((gateway) => [gateway.name, gateway]));
}
