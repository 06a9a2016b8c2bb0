import type { FastifyInstance } from 'fastify';
import { collectVoucherSchema, NO_VOUCHERS_MESSAGE, voucherListQuerySchema } from '../../../shared/cart.contract.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { collectVoucher, listVouchers } from './vouchers.service.ts';

/** Spec §7 voucher calls: a shop's usable vouchers and collecting one. */
export async function voucherRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', authenticate);

  app.get('/get-vouchers', async (request) => {
    const { shop_id } = parseInput(voucherListQuerySchema, request.query);
    const coupons = await listVouchers(db, { userId: currentUser(request).id, shopId: shop_id, now: app.clock.now() });
    return { message: coupons.length > 0 ? 'Vouchers' : NO_VOUCHERS_MESSAGE, data: { coupons } };
  });

  app.post('/vouchers-collect', async (request) => {
    const { coupon_id } = parseInput(collectVoucherSchema, request.body);
    await collectVoucher(db, { userId: currentUser(request).id, voucherId: coupon_id, now: app.clock.now() });
    return { message: 'Voucher collected successfully', data: {} };
  });
}
