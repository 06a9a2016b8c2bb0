import { z } from 'zod';
import { answerOf, noDataSchema } from '../../../shared/api-answers.ts';
import { collectVoucherSchema, NO_VOUCHERS_MESSAGE, voucherListQuerySchema, voucherSchema } from '../../../shared/cart.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { collectVoucher, listVouchers } from './vouchers.service.ts';

const tags = ['Vouchers'];

/** Spec §7 voucher calls: a shop's usable vouchers and collecting one. */
export async function voucherRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get(
    '/get-vouchers',
    { schema: { tags, summary: "A shop's usable vouchers (every shop's without shop_id)", security: SIGNED_IN, querystring: voucherListQuerySchema, response: { 200: answerOf(z.object({ coupons: z.array(voucherSchema) })) } } },
    async (request) => {
      const coupons = await listVouchers(db, { userId: currentUser(request).id, shopId: request.query.shop_id, now: app.clock.now() });
      return { message: coupons.length > 0 ? 'Vouchers' : NO_VOUCHERS_MESSAGE, data: { coupons } };
    },
  );

  app.post('/vouchers-collect', { schema: { tags, summary: 'Collects a voucher', security: SIGNED_IN, body: collectVoucherSchema, response: { 200: answerOf(noDataSchema) } } }, async (request) => {
    await collectVoucher(db, { userId: currentUser(request).id, voucherId: request.body.coupon_id, now: app.clock.now() });
    return { message: 'Voucher collected successfully', data: {} };
  });
}
