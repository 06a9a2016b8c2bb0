import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../shared/constants.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { orderItems, orders, orderShipments, supportTickets, ticketMessages, users } from '../db/schema.ts';
import { DEMO_ADMIN } from './accounts.seed.ts';
import { DEMO_BLOCKED_CUSTOMER, seedDemoActivity } from './demo-activity.seed.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function demoCustomerOrders() {
  const { db } = database;
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  return db.select().from(orders).where(eq(orders.userId, customer!.id)).orderBy(asc(orders.id));
}

it('gives the demo shopper a delivered order, one on its way and an answered ticket about it', async () => {
  const { db } = database;
  const placed = await demoCustomerOrders();
  expect(placed.map((order) => [order.status, order.paymentStatus])).toEqual([
    ['delivered', 'paid'],
    ['on_the_way', 'pending'],
  ]);
  expect(await db.select({ carrier: orderShipments.carrier }).from(orderShipments).where(eq(orderShipments.orderId, placed[1]!.id))).toEqual([{ carrier: 'DHL Express' }]);
  for (const order of placed) {
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.length).toBeGreaterThan(0);
  }
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.orderId, placed[1]!.id));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  expect(ticket).toMatchObject({ status: 'answered', issueType: 'delivery', assignedUserId: admin!.id });
  const thread = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id)).orderBy(asc(ticketMessages.id));
  expect(thread.map((message) => message.isStaff)).toEqual([false, true]);
});

it('has a customer the store blocked, with the reason', async () => {
  const [blocked] = await database.db.select().from(users).where(eq(users.email, DEMO_BLOCKED_CUSTOMER.email));
  expect(blocked).toMatchObject({ name: 'Blocked Customer', blockedReason: 'Refused three cash-on-delivery parcels in a row.', passwordHash: null });
  expect(blocked!.blockedAt).toBeInstanceOf(Date);
});

it('adds nothing when run again', async () => {
  const before = await demoCustomerOrders();
  await seedDemoActivity(database.db);
  expect(await demoCustomerOrders()).toEqual(before);
});
