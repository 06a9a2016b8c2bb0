import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';

/**
 * A test peer speaking Stripe's API on loopback for the calls the store makes: Checkout Sessions
 * (create, retrieve, expire), coupons and refunds, honouring Idempotency-Key like Stripe does. The store's
 * real Stripe client talks to it over HTTP; tests play the shopper's side (complete, let expire)
 * and send the webhooks Stripe would, signed with the SDK's own test signer.
 */

type Form = { [key: string]: string | Form };

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  line_items: Array<{ name: string; unit_amount: number; quantity: number }>;
  discount_amount: number;
  /** Set when the shopper pays: what a refund names. */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  metadata: Record<string, string>;
}

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Form;
}

export const FAKE_WEBHOOK_SECRET = 'whsec_test_secret';

/** Stripe's bracketed form keys (`line_items[0][price_data][currency]`) as nested objects. */
function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Form;
    });
  }
  return root;
}

const entries = (form: Form | string | undefined): Form[] => (form && typeof form === 'object' ? (Object.values(form) as Form[]) : []);
const text = (form: Form, key: string): string | undefined => (typeof form[key] === 'string' ? (form[key] as string) : undefined);

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown) {
  // Stripe tells its clients whether a retry could help; the simulated outage says no, so a test does not wait for retries.
  const headers = { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...(status >= 500 && { 'stripe-should-retry': 'false' }) };
  response.writeHead(status, headers).end(JSON.stringify(body));
}

const stripeError = (message: string, code?: string) => ({ error: { type: 'invalid_request_error', message, ...(code && { code }) } });

export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, { amount_off: number; currency: string }>();
  const refunds = new Map<string, FakeRefund>();
  /** Like Stripe: every answered POST is kept under its key (errors too) with its parameters. */
  const idempotent = new Map<string, { form: string; status: number; body: unknown }>();
  const calls: StripeCall[] = [];
  /** Answers the next session creations with an error (a Stripe outage). */
  let failCreations = 0;
  /** Handles the next requests but cuts the connection instead of answering (a lost answer). */
  let dropAnswers = 0;
  /** Where new refunds start: card refunds succeed at once, some methods take days (`pending`). */
  let refundStatus: FakeRefund['status'] = 'succeeded';
  const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

  function createSession(form: Form): { status: number; body: unknown } {
    if (failCreations > 0) {
      failCreations -= 1;
      return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } } };
    }
    const lineItems = entries(form.line_items).map((item) => {
      const price = item.price_data as Form;
      return {
        name: text(price.product_data as Form, 'name') ?? '',
        unit_amount: Number(text(price, 'unit_amount')),
        quantity: Number(text(item, 'quantity')),
        currency: text(price, 'currency') ?? '',
      };
    });
    const discountAmount = entries(form.discounts).reduce((sum, discount) => sum + (coupons.get(text(discount, 'coupon') ?? '')?.amount_off ?? 0), 0);
    const id = newId('cs');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: text(form, 'mode') ?? '',
      amount_total: lineItems.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0) - discountAmount,
      currency: lineItems[0]?.currency ?? '',
      client_reference_id: text(form, 'client_reference_id') ?? null,
      metadata: Object.fromEntries(Object.entries((form.metadata as Form | undefined) ?? {}).map(([key, value]) => [key, String(value)])),
      customer_email: text(form, 'customer_email') ?? null,
      success_url: text(form, 'success_url') ?? '',
      cancel_url: text(form, 'cancel_url') ?? '',
      expires_at: Number(text(form, 'expires_at')),
      line_items: lineItems.map(({ name, unit_amount, quantity }) => ({ name, unit_amount, quantity })),
      discount_amount: discountAmount,
      payment_intent: null,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  /** Like Stripe: a paid payment's refunds never add up to more than it collected. */
  function createRefund(form: Form): { status: number; body: unknown } {
    const paymentIntent = text(form, 'payment_intent') ?? '';
    const session = [...sessions.values()].find((entry) => entry.payment_intent === paymentIntent);
    if (!session) return { status: 404, body: stripeError(`No such payment_intent: '${paymentIntent}'`, 'resource_missing') };
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === paymentIntent && refund.status !== 'failed').reduce((sum, refund) => sum + refund.amount, 0);
    const amount = Number(text(form, 'amount') ?? session.amount_total - refunded);
    if (amount > session.amount_total - refunded) {
      return { status: 400, body: stripeError(`Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`, 'amount_too_large') };
    }
    const metadata = Object.fromEntries(Object.entries((form.metadata as Form | undefined) ?? {}).map(([key, value]) => [key, String(value)]));
    const refund: FakeRefund = { id: newId('re'), object: 'refund', amount, currency: session.currency, payment_intent: paymentIntent, status: refundStatus, metadata };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function handle(method: string, path: string, form: Form): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'POST' && path === '/v1/coupons') {
      const id = newId('co');
      const coupon = { amount_off: Number(text(form, 'amount_off')), currency: text(form, 'currency') ?? '' };
      coupons.set(id, coupon);
      return { status: 200, body: { id, object: 'coupon', ...coupon, duration: text(form, 'duration'), name: text(form, 'name') ?? null } };
    }
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    const session = match && sessions.get(decodeURIComponent(match[1]!));
    if (!match) return { status: 404, body: stripeError(`Unrecognized request URL (${method}: ${path}).`) };
    if (!session) return { status: 404, body: stripeError(`No such checkout.session: '${match[1]}'`, 'resource_missing') };
    if (method === 'GET' && !match[2]) return { status: 200, body: session };
    if (method === 'POST' && match[2]) {
      if (session.status !== 'open') return { status: 400, body: stripeError('Only Checkout Sessions with a status in ["open"] can be expired.') };
      session.status = 'expired';
      return { status: 200, body: session };
    }
    return { status: 404, body: stripeError(`Unrecognized request URL (${method}: ${path}).`) };
  }

  const answerRequest = async (request: IncomingMessage, response: ServerResponse) => {
    const form = parseForm(await readBody(request));
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method, path, idempotencyKey, authorization: request.headers.authorization, form });
    const remembered = idempotencyKey && method === 'POST' ? idempotent.get(idempotencyKey) : undefined;
    if (remembered && remembered.form !== JSON.stringify(form)) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with.`;
      send(response, 400, { error: { type: 'idempotency_error', message } });
      return;
    }
    const answer = remembered ?? handle(method, path, form);
    if (idempotencyKey && method === 'POST') idempotent.set(idempotencyKey, { form: JSON.stringify(form), ...answer });
    if (dropAnswers > 0) {
      dropAnswers -= 1;
      request.socket.destroy();
      return;
    }
    send(response, answer.status, answer.body);
  };
  const server = createServer((request, response) => void answerRequest(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_signer');

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  };

  return {
    port,
    calls,
    sessions,
    refunds,
    /** The store's `stripe` config pointing at this peer. */
    settings: (): StripeSettings => ({ secretKey: 'sk_test_store', webhookSecret: FAKE_WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' } }),
    failNextCreations(count: number) {
      failCreations = count;
    },
    dropNextAnswers(count: number) {
      dropAnswers = count;
    },
    startRefundsAs(status: FakeRefund['status']) {
      refundStatus = status;
    },
    /** The shopper paid (or, for `unpaid`, finished with an asynchronous method still to settle). */
    complete(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid') {
      return Object.assign(sessionOf(sessionId), { status: 'complete', payment_status: paymentStatus, payment_intent: newId('pi') });
    },
    /** The session's time ran out at Stripe. */
    expire(sessionId: string) {
      return Object.assign(sessionOf(sessionId), { status: 'expired' });
    },
    /** A webhook delivery as Stripe would send it: the JSON body and its Stripe-Signature header. */
    webhook(type: string, object: FakeSession | FakeRefund | Record<string, unknown>, options: { eventId?: string; timestamp?: number; secret?: string } = {}) {
      const payload = JSON.stringify({
        id: options.eventId ?? newId('evt'),
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...object } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET, timestamp: options.timestamp });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
