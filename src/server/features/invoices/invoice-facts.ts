import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants.ts';
import type { PaymentStatus } from '../../../shared/order-statuses.ts';
import type { OrderAddress } from '../../../shared/orders.contract.ts';
import type { Db } from '../../db/client.ts';
import { currencies, languages, orderItems, orders, paymentGateways, shops, users } from '../../db/schema.ts';
import { localized } from '../../db/translations.ts';
import { notFound } from '../../platform/errors.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { storedOrderAddress } from '../orders/order-address.ts';
import { lineTextsIn } from '../orders/order-line-options.ts';
import { orderTaxBasis } from '../orders/order-tax-basis.ts';
import { readStoreSettings } from '../settings/settings.service.ts';

/**
 * Which order's invoice, named as its reader may: by id among a shopper's own orders or a shop's
 * (null: every shop's, for the store's staff and its own mail), or a guest's order its link opened.
 */
export type InvoiceOf = { orderId: number; userId: number } | { orderId: number; shopId: number | null } | { guestOrderId: number };

export interface InvoiceLine {
  name: string;
  color: string | null;
  size: string | null;
  sku: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** What an invoice shows: the order as placed (its snapshot lines and amounts, in minor units) and who sold it to whom. */
export interface InvoiceFacts {
  orderNumber: string;
  placedAt: Date;
  locale: Locale;
  /** The language's writing direction, as the store's languages table has it. */
  direction: 'ltr' | 'rtl';
  store: { name: string; address: string; email: string };
  shop: { name: string; address: string; email: string; phone: string };
  customer: { name: string; email: string | null };
  address: OrderAddress;
  lines: InvoiceLine[];
  subtotal: number;
  deliveryCharge: number;
  taxAmount: number;
  /** What the tax was charged on (decision 054): the lines' totals less the discount, as the order's lines keep it. */
  taxableAmount: number;
  /** The one rate every line was taxed at, basis points; null when the lines' rates differ. */
  taxRate: number | null;
  couponDiscount: number;
  couponCode: string | null;
  payable: number;
  /** The currency the order was placed in, its rate to the base currency and where its symbol goes. */
  currency: { name: string; symbol: string; rate: number; position: 'prefix' | 'suffix' };
  paymentTitle: string;
  paymentStatus: PaymentStatus;
}

function orderCondition(of: InvoiceOf): SQL | undefined {
  if ('guestOrderId' in of) return and(eq(orders.id, of.guestOrderId), isNull(orders.userId));
  if ('userId' in of) return and(eq(orders.id, of.orderId), eq(orders.userId, of.userId));
  return and(eq(orders.id, of.orderId), of.shopId === null ? undefined : eq(orders.shopId, of.shopId));
}

/** The invoice of an order the reader may see; another's order is not found (404). */
export async function loadInvoiceFacts(db: Db, of: InvoiceOf): Promise<InvoiceFacts> {
  const [row] = await db
    .select({
      order: orders,
      shop: { name: shops.name, address: shops.address, email: shops.email, phone: shops.phone },
      customer: { name: users.name, email: users.email },
      position: currencies.position,
      // In the order's language, as the rest of the invoice.
      paymentTitle: localized(paymentGateways, 'title', orders.locale),
      direction: languages.direction,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(currencies, eq(currencies.name, orders.currencyName))
    .leftJoin(paymentGateways, eq(paymentGateways.name, orders.paymentMethod))
    .leftJoin(languages, eq(languages.name, orders.locale))
    .where(orderCondition(of));
  if (!row) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const orderId = row.order.id;
  const [lines, settings] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    readStoreSettings(db),
  ]);
  const { order } = row;
  const address = storedOrderAddress(order.address);
  return {
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    locale: order.locale,
    direction: row.direction ?? 'ltr',
    store: { name: settings.app_name, address: settings.address, email: settings.email },
    shop: row.shop,
    // A guest's order has no account: the name and e-mail are the ones given at checkout.
    customer: { name: row.customer?.name ?? address.name, email: row.customer?.email ?? order.guestEmail },
    address,
    // The product, colour and size in the order's language, as the rest of the invoice.
    lines: lines.map((line) => ({ ...lineTextsIn(line, order.locale), sku: line.sku, quantity: line.quantity, unitPrice: line.unitPrice, lineTotal: line.lineTotal })),
    subtotal: order.subtotal,
    deliveryCharge: order.deliveryCharge,
    taxAmount: order.taxAmount,
    ...orderTaxBasis(lines),
    couponDiscount: order.couponDiscount,
    couponCode: order.couponCode,
    payable: order.payableAmount,
    currency: { name: order.currencyName, symbol: order.currencySymbol, rate: Number(order.currencyRate), position: row.position ?? 'prefix' },
    paymentTitle: row.paymentTitle ?? order.paymentMethod,
    paymentStatus: order.paymentStatus,
  };
}
