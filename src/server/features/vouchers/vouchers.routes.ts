import { NO_VOUCHERS_MESSAGE } from '../../../shared/cart.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { collectVoucher, listVouchers } from './vouchers.service.ts';

const tags = ['Vouchers'];

/** docs/product/storefront.md §7 voucher calls: a shop's usable vouchers and collecting one. */
export async function voucherRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get(
    '/get-vouchers',
    { schema: { tags, summary: "A shop's usable vouchers (every shop's without shop_id)", security: SIGNED_IN, ...endpointSchema('GET /get-vouchers') } },
    async (request) => {
      const coupons = await listVouchers(db, { userId: currentUser(request).id, shopId: request.query.shop_id, now: app.clock.now() });
      return { message: coupons.length > 0 ? 'Vouchers' : NO_VOUCHERS_MESSAGE, data: { coupons } };
    },
  );

  app.post('/vouchers-collect', { schema: { tags, summary: 'Collects a voucher', security: SIGNED_IN, ...endpointSchema('POST /vouchers-collect') } }, async (request) => {
    await collectVoucher(db, { userId: currentUser(request).id, voucherId: request.body.coupon_id, now: app.clock.now() });
    return { message: 'Voucher collected successfully', data: {} };
  });
}
