import type { FastifyInstance } from 'fastify';
import { checkoutSchema, type CheckoutSummary } from '../../../shared/cart.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { presentCartGroups } from '../cart/cart-lines.ts';
import { priceCheckout, type PricedCheckout } from './checkout-pricing.ts';

function presentCheckout({ shops, totals, vouchers }: PricedCheckout): CheckoutSummary {
  return {
    checkout: {
      total_amount: toAmount(totals.subtotal),
      delivery_charge: toAmount(totals.deliveryCharge),
      coupon_discount: toAmount(totals.discount),
      payable_amount: toAmount(totals.payable),
      order_tax_amount: toAmount(totals.taxAmount),
    },
    apply_coupon: vouchers.length > 0,
    checkout_items: presentCartGroups(shops).map((group, index) => ({
      ...group,
      coupon_code: shops[index]!.voucher?.code ?? null,
      coupon_discount: toAmount(shops[index]!.discount),
    })),
  };
}

/** `POST /api/cart/checkout`: the figures of the selected shops' lines, with a voucher per shop (or the spec's one code). */
export async function checkoutRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', authenticate);

  app.post('/cart/checkout', async (request) => {
    const input = parseInput(checkoutSchema, request.body);
    const priced = await priceCheckout(db, {
      userId: currentUser(request).id,
      shopIds: input.shop_ids,
      couponCode: input.coupon_code,
      couponCodes: input.coupon_codes,
      isBuyNow: input.is_buy_now,
      now: app.clock.now(),
    });
    return { message: priced.vouchers.length > 0 ? 'Voucher applied successfully' : 'Checkout details', data: presentCheckout(priced) };
  });
}
