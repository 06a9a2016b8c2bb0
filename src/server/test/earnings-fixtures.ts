import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { decideWithdrawal, requestWithdrawal } from '../features/earnings/withdrawals.service.ts';
import { seedAuditContext } from '../platform/audit-log.ts';
import type { ConsoleIdentity } from '../platform/console-access.ts';
import { shopLedgerEntries } from '../db/schema.ts';
import { addStoredOrders } from './order-fixtures.ts';

/** An available earning of `amount` minor units for the shop, as a delivered order's whose return window has closed. */
export async function addAvailableEarning(db: Db, shopId: number, amount: number) {
  const [order] = await addStoredOrders(db, [{ shopId, status: 'delivered' }]);
  await db.insert(shopLedgerEntries).values({ shopId, kind: 'order_earning', amount, status: 'available', availableAt: new Date(), orderId: order!.id });
}

/** A shop's withdrawal of 10.00 (its balance given first), requested and, for `approved`, approved, through the service as the demo seed does. */
export async function addWithdrawal(app: FastifyInstance, shopId: number, status: 'requested' | 'approved' = 'requested') {
  await addAvailableEarning(app.database.db, shopId, 10_00);
  const context = seedAuditContext(new Date());
  const identity: ConsoleIdentity = { userId: 0, name: 'Seed', email: null, scope: 'shop', role: 'shop_owner', shop: { id: shopId, name: '', status: 'approved' }, permissions: [] };
  const withdrawal = await requestWithdrawal(app, identity, { amount: 10, payout_details: 'NL91 ABNA 0417 1643 00' }, context);
  if (status === 'approved') await decideWithdrawal(app, { ...identity, scope: 'store', role: 'owner', shop: null }, withdrawal.id, { action: 'approve' }, context);
  return withdrawal.id;
}
