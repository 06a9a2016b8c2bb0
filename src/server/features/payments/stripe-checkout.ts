import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import { CheckoutRefused, type CheckoutEvent, type CheckoutRequest, type CheckoutState, type GatewayRefundState, type HostedCheckout } from './payment-gateways.ts';

function sessionState(session: Stripe.Checkout.Session): CheckoutState {
  if (session.status === 'open') return 'open';
  if (session.status === 'complete') return session.payment_status === 'unpaid' ? 'processing' : 'paid';
  return 'expired';
}

const paymentIdOf = (session: Stripe.Checkout.Session): number | null => {
  const id = Number(session.client_reference_id ?? session.metadata?.payment_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Which events settle a payment: a completed session is paid unless its money is still on the way (async methods). */
function outcomeOf(event: Stripe.Event, session: Stripe.Checkout.Session): CheckoutEvent['outcome'] {
  switch (event.type) {
    case 'checkout.session.completed':
      return session.payment_status === 'unpaid' ? null : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return 'failed';
    default:
      return null;
  }
}

function refundState(refund: Stripe.Refund): GatewayRefundState {
  const id = Number(refund.metadata?.refund_id);
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { providerRefundId: refund.id, refundId: Number.isSafeInteger(id) && id > 0 ? id : null, status };
}

/** The refunds a `refund.*` or `charge.refunded` event carries. */
function refundsOf(object: Stripe.Event.Data.Object & { object?: string }): GatewayRefundState[] {
  if (object.object === 'refund') return [refundState(object as Stripe.Refund)];
  if (object.object === 'charge') return ((object as Stripe.Charge).refunds?.data ?? []).map(refundState);
  return [];
}

/** Stripe's refusals keep their answer under the idempotency key: only a new request could succeed. */
function refusedOrThrown(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined) throw new CheckoutRefused(error.message, { cause: error });
  throw error;
}

/** Stripe Checkout through the official SDK; `settings.api` points it at a local peer in tests. */
export function createStripeCheckout(settings: StripeSettings): HostedCheckout {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.api && { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol }),
  });

  /** Stripe answers a repeated idempotency key with what it made the first time, so a lost answer can be asked for again. */
  async function createSession(request: CheckoutRequest) {
    const currency = request.currency.toLowerCase();
    const reference = String(request.paymentId);
    const key = `payment-${reference}-checkout-${request.attempt}`;
    const coupon = request.discount
      ? await stripe.coupons.create(
          { amount_off: request.discount.amount, currency, duration: 'once', max_redemptions: 1, name: request.discount.name },
          { idempotencyKey: `${key}-coupon` },
        )
      : null;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: reference,
        metadata: { payment_id: reference },
        customer_email: request.customerEmail,
        line_items: request.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency, unit_amount: line.unitAmount, product_data: { name: line.name } },
        })),
        ...(coupon && { discounts: [{ coupon: coupon.id }] }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: key },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return { sessionId: session.id, url: session.url };
  }

  const read = async (sessionId: string) => sessionState(await stripe.checkout.sessions.retrieve(sessionId));

  return {
    async create(request) {
      try {
        return await createSession(request);
      } catch (error) {
        refusedOrThrown(error);
      }
    },

    read,

    async close(sessionId) {
      const state = await read(sessionId);
      if (state !== 'open') return state;
      try {
        return sessionState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // The shopper may have completed it a moment ago: Stripe refuses to expire a session that is not open.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return read(sessionId);
      }
    },

    async refund({ sessionId, refundId, amount }) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (!paymentIntent) throw new CheckoutRefused(`Checkout session ${sessionId} has no payment to refund`);
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, amount, metadata: { refund_id: String(refundId) } },
          { idempotencyKey: `refund-${refundId}` },
        );
        return refundState(refund);
      } catch (error) {
        refusedOrThrown(error);
      }
    },

    parseEvent(payload, signature, receivedAt) {
      const event = stripe.webhooks.constructEvent(payload, signature ?? '', settings.webhookSecret, undefined, undefined, receivedAt.getTime());
      const session = event.data.object.object === 'checkout.session' ? (event.data.object as Stripe.Checkout.Session) : null;
      return {
        id: event.id,
        type: event.type,
        paymentId: session && paymentIdOf(session),
        sessionId: session?.id ?? null,
        outcome: session && outcomeOf(event, session),
        amount: session?.amount_total ?? null,
        currency: session?.currency ?? null,
        refunds: refundsOf(event.data.object),
      };
    },
  };
}
