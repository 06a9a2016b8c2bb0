import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { paymentCharge } from './payment-charge.ts';
import { createPaymentGateways } from './payment-gateways.ts';

describe('payment gateways', () => {
  it('offer cash always and Stripe only with both of its keys', async () => {
    const names = async (env: NodeJS.ProcessEnv) => [...(await createPaymentGateways(loadConfig(env))).keys()];
    expect(await names({})).toEqual(['cash']);
    expect(await names({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual(['cash']);
    expect(await names({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual(['cash', 'stripe']);
    expect((await createPaymentGateways(loadConfig({}))).get('cash')!.checkout).toBeNull();
  });

  it('reads a test API address for Stripe', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' });
    expect(config.stripe).toEqual({ secretKey: 'sk', webhookSecret: 'wh', api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
    expect(() => loadConfig({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});

describe('a payment’s charge', () => {
  const order = {
    shopName: 'Lamp Shop',
    lines: [{ name: 'Lamp', unitPrice: 19_99, quantity: 3 }],
    deliveryCharge: 4_99,
    taxAmount: 4_50,
    couponDiscount: 0,
    couponCode: null,
  };

  it('lists every line, the delivery and the tax of each order, and totals them', () => {
    const charge = paymentCharge([order, { ...order, shopName: 'Mug Shop', lines: [{ name: 'Mug', unitPrice: 5_00, quantity: 1 }], deliveryCharge: 0, taxAmount: 0 }], 1);
    expect(charge).toEqual({
      lines: [
        { name: 'Lamp', unitAmount: 19_99, quantity: 3 },
        { name: 'Delivery (Lamp Shop)', unitAmount: 4_99, quantity: 1 },
        { name: 'Tax (Lamp Shop)', unitAmount: 4_50, quantity: 1 },
        { name: 'Mug', unitAmount: 5_00, quantity: 1 },
      ],
      discount: null,
      amount: 74_46,
    });
  });

  it('takes voucher discounts off as one discount named after the codes', () => {
    const charge = paymentCharge([{ ...order, couponDiscount: 10_00, couponCode: 'LAMP10' }], 1);
    expect(charge.discount).toEqual({ amount: 10_00, name: 'Voucher LAMP10' });
    expect(charge.amount).toBe(59_46);
  });

  it('converts each figure at the order’s rate, so the lines always add up to the amount', () => {
    const charge = paymentCharge([order], 0.92);
    expect(charge.lines.map((line) => line.unitAmount)).toEqual([18_39, 4_59, 4_14]);
    expect(charge.amount).toBe(18_39 * 3 + 4_59 + 4_14);
  });
});
