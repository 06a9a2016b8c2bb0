import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusHistory, reviews, shops, users } from '../../db/schema.ts';
import { toAmount } from '../../../shared/money.ts';
import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import { guestOrderKeySchema, type OrderDetail, type OrderList, type ReviewInput } from '../../../shared/orders.contract.ts';
import { conflict, HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { refreshProductRating, refreshShopRatings } from '../catalog/catalog.service.ts';
import { storedOrderAddress } from './order-address.ts';
import { ORDER_NOT_FOUND_MESSAGE } from './order-cancellation.ts';
import { readShipments } from './order-shipments.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { lineTextsIn } from './order-line-options.ts';
import { orderTaxBasis } from './order-tax-basis.ts';

const units = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/** `GET /orders`: a page of the shopper's orders, newest first, with the count per status for the tabs. */
export async function listOrders(
  db: Db,
  userId: number,
  { status, page, perPage }: { status?: OrderStatus; page: number; perPage: number },
): Promise<OrderList> {
  const mine = eq(orders.userId, userId);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        shopId: shops.id,
        shopName: shops.name,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        totalItems: units,
        payableAmount: orders.payableAmount,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(and(mine, status ? eq(orders.status, status) : undefined))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ status: orders.status, orders: count() }).from(orders).where(mine).groupBy(orders.status),
  ]);
  const perStatus = Object.fromEntries(orderStatuses.map((entry) => [entry, counts.find((row) => row.status === entry)?.orders ?? 0])) as Record<
    OrderStatus,
    number
  >;
  const all = counts.reduce((sum, row) => sum + row.orders, 0);
  return {
    total: status ? perStatus[status] : all,
    status_wise_orders: { all, ...perStatus },
    orders: rows.map((row) => ({
      id: row.id,
      order_number: row.orderNumber,
      shop: { id: row.shopId, name: row.shopName },
      status: row.status,
      payment_method: row.paymentMethod,
      payment_status: row.paymentStatus,
      total_items: row.totalItems,
      payable_amount: toAmount(row.payableAmount),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** `GET /orders/{id}`: one of the shopper's orders with its lines (colours and sizes in `locale`), reviews and history; another shopper's is not found. */
export function readOrder(db: Db, userId: number, orderId: number, locale: string): Promise<OrderDetail> {
  return readOrderWhere(db, and(eq(orders.id, orderId), eq(orders.userId, userId)), locale);
}

/** The key of a guest's order link from a path's parameters; any other text names no order (404). */
export function guestOrderKeyOf(params: unknown): string {
  const parsed = guestOrderKeySchema.safeParse(params);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return parsed.data.key;
}

/** `GET /guest-orders/{key}`: a guest's order, once the key of its link has opened it (`openGuestOrderLink`). */
export function readGuestOrder(db: Db, orderId: number, locale: string): Promise<OrderDetail> {
  return readOrderWhere(db, and(eq(orders.id, orderId), isNull(orders.userId)), locale);
}

async function readOrderWhere(db: Db, condition: SQL | undefined, locale: string): Promise<OrderDetail> {
  const [order] = await db
    .select({ order: orders, shop: { id: shops.id, name: shops.name, logo: shops.logo } })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(condition);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const orderId = order.order.id;
  const [lines, history, shipments] = await Promise.all([
    db
      .select({ line: orderItems, review: { rating: reviews.rating, comment: reviews.comment, hiddenAt: reviews.hiddenAt, hiddenReason: reviews.hiddenReason } })
      .from(orderItems)
      .leftJoin(reviews, eq(reviews.id, orderItems.reviewId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({ status: orderStatusHistory.status, createdAt: orderStatusHistory.createdAt, reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    readShipments(db, orderId),
  ]);
  const { order: row, shop } = order;
  // A guest has no account to review under.
  const reviewable = row.status === 'delivered' && row.userId !== null;
  const taxBasis = orderTaxBasis(lines.map(({ line }) => line));
  return {
    id: row.id,
    order_number: row.orderNumber,
    status: row.status,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    shop,
    address: storedOrderAddress(row.address),
    items: lines.map(({ line, review }) => ({
      id: line.id,
      product_id: line.productId,
      thumbnail: line.thumbnail,
      unit_price: toAmount(line.unitPrice),
      quantity: line.quantity,
      ...lineTextsIn(line, locale),
      unit: line.unit,
      line_total: toAmount(line.lineTotal),
      can_review: reviewable && line.reviewId === null,
      review:
        line.reviewId !== null && review
          ? { rating: review.rating, comment: review.comment, hidden: review.hiddenAt ? { reason: review.hiddenReason ?? '' } : null }
          : null,
    })),
    status_history: history.map((entry) => ({ status: entry.status, created_at: entry.createdAt.toISOString() })),
    subtotal: toAmount(row.subtotal),
    delivery_charge: toAmount(row.deliveryCharge),
    coupon_discount: toAmount(row.couponDiscount),
    tax_amount: toAmount(row.taxAmount),
    taxable_amount: toAmount(taxBasis.taxableAmount),
    tax_rate: taxBasis.taxRate === null ? null : taxBasis.taxRate / 100,
    payable_amount: toAmount(row.payableAmount),
    currency: { name: row.currencyName, symbol: row.currencySymbol, rate: Number(row.currencyRate) },
    shipments,
    cancel_reason: history.find((entry) => entry.status === 'cancelled')?.reason ?? null,
  };
}

/**
 * `POST /orders/{id}/reviews`: a delivered order's line is reviewed once. The review joins the
 * catalogue's reviews under the shopper's name and the product's and shop's ratings follow it.
 */
export async function reviewOrderLine(db: Db, { userId, orderId, input, now }: { userId: number; orderId: number; input: ReviewInput; now: Date }) {
  const [order] = await db.select({ status: orders.status }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (order.status !== 'delivered') throw new HttpError(422, 'You can review products of delivered orders only.');

  await inRetriedTransaction(db, async (tx) => {
    // The line's lock makes a double submit wait and then find the first review.
    const [line] = await tx
      .select({ id: orderItems.id, reviewId: orderItems.reviewId })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, input.product_id)))
      .for('update');
    if (!line) throw validationFailed({ product_id: ['This product is not part of this order.'] });
    if (line.reviewId !== null) throw conflict('You have already reviewed this product.');
    const [reviewer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    const [review] = await tx
      .insert(reviews)
      .values({ productId: input.product_id, userId, reviewerName: reviewer!.name, rating: input.rating, comment: input.comment, createdAt: now })
      .returning({ id: reviews.id });
    await tx.update(orderItems).set({ reviewId: review!.id }).where(eq(orderItems.id, line.id));
    await refreshProductRating(tx, input.product_id);
  });
  // Every shop's figure in one statement, outside the review's transaction so reviews never queue on shop rows.
  await refreshShopRatings(db);
}
