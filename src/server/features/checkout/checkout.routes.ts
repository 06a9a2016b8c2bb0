import { checkoutSchema, type CheckoutSummary } from '../../../shared/cart.contract.ts';
import { toAmount } from '../../../shared/money.ts';
import { guestCheckoutSchema } from '../../../shared/orders.contract.ts';
import { SIGNED_IN_OR_NOT } from '../../platform/api-documentation.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { presentCartGroups } from '../cart/cart-lines.ts';
import { currentCartOwner, identifyCartOwner } from '../cart/guest-cart.ts';
import { priceCheckout, type PricedCheckout } from './checkout-pricing.ts';

/** The one rate the taxed lines share, in percent; null when they differ (the lines name theirs). */
function sharedTaxRate(shops: PricedCheckout['shops']): number | null {
  const rates = new Set(shops.flatMap((shop) => shop.lines.map((line) => line.taxRate)));
  return rates.size === 1 ? [...rates][0]! / 100 : null;
}

function presentCheckout({ shops, rules, totals, vouchers }: PricedCheckout, locale: string): CheckoutSummary {
  return {
    checkout: {
      total_amount: toAmount(totals.subtotal),
      delivery_charge: toAmount(totals.deliveryCharge),
      coupon_discount: toAmount(totals.discount),
      payable_amount: toAmount(totals.payable),
      order_tax_amount: toAmount(totals.taxAmount),
      taxable_amount: toAmount(totals.taxableAmount),
      tax_rate: shops.length > 0 ? sharedTaxRate(shops) : rules.taxRate / 100,
      free_delivery_threshold: rules.freeDeliveryThreshold === null ? null : toAmount(rules.freeDeliveryThreshold),
    },
    apply_coupon: vouchers.length > 0,
    checkout_items: presentCartGroups(shops, locale).map((group, index) => ({
      ...group,
      coupon_code: shops[index]!.voucher?.code ?? null,
      coupon_discount: toAmount(shops[index]!.discount),
      delivery_charge: toAmount(shops[index]!.deliveryCharge),
      free_delivery: shops[index]!.freeDelivery,
      until_free_delivery: shops[index]!.untilFreeDelivery === null ? null : toAmount(shops[index]!.untilFreeDelivery!),
      taxable_amount: toAmount(shops[index]!.taxableAmount),
      tax_amount: toAmount(shops[index]!.taxAmount),
    })),
  };
}

/** `POST /api/cart/checkout`: the figures of the selected shops' lines (a customer's or a guest's cart), with a voucher per shop (or the spec's one code). */
export async function checkoutRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', identifyCartOwner);

  const schema = {
    tags: ['Checkout'],
    summary: "The figures of the selected shops' lines, with vouchers",
    description: 'A guest (a visitor while the store allows guest checkout) may add `email`, so that vouchers limited per shopper apply; a signed-in shopper\'s is ignored.',
    security: SIGNED_IN_OR_NOT,
    ...endpointSchema('POST /cart/checkout', { bodyCheckedByHandler: true }),
  };

  app.post('/cart/checkout', { schema }, async (request) => {
    const owner = currentCartOwner(request);
    const { email, ...input } = owner.userId !== undefined ? { ...parseInput(checkoutSchema, request.body), email: undefined } : parseInput(guestCheckoutSchema, request.body);
    const priced = await priceCheckout(db, {
      owner,
      guestEmail: email,
      shopIds: input.shop_ids,
      couponCode: input.coupon_code,
      couponCodes: input.coupon_codes,
      isBuyNow: input.is_buy_now,
      now: app.clock.now(),
    });
    return { message: priced.vouchers.length > 0 ? 'Voucher applied successfully' : 'Checkout details', data: presentCheckout(priced, requestLocale(request)) };
  });
}
