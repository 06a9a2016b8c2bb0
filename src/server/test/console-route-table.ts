import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Permission, ShopStatus } from '../../shared/console.contract.ts';
import type { ReturnStatus } from '../../shared/returns.contract.ts';
import type { RoutePermission } from '../platform/console-access.ts';
import { taxonomyKinds, type TaxonomyKind } from '../../shared/taxonomy-console.contract.ts';
import { listTaxonomy } from '../features/catalog/taxonomy.service.ts';
import { addProducts, addReview, addTaxonomyRecord, catalogAnchors, variantsOf } from './catalog-fixtures.ts';
import { createCustomer } from './account-fixtures.ts';
import { updateStoreSettings } from '../features/settings/settings.service.ts';
import { cacheTags } from '../platform/cache-tags.ts';
import { addShop, addVoucher } from './commerce-fixtures.ts';
import { addConsoleMember, addInvitation, addNotification, userIdOf } from './console-fixtures.ts';
import { drawnPicture, multipartBody } from './multipart-fixtures.ts';
import { addPendingReview } from './product-review-fixtures.ts';
import { addStoredOrders } from './order-fixtures.ts';
import { orderItems, orderShipments } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/order-statuses.ts';
import { addStoredReturn, deliveredOrder } from './return-fixtures.ts';
import { addTicket, addTicketOrder } from './ticket-fixtures.ts';

/** Who makes a request in the authorization matrix. */
export interface Actor {
  name: string;
  /** Undefined: signed out. */
  authorization?: string;
  /** Null: not a console member (a shopper, a visitor). */
  scope: 'store' | 'shop' | null;
  shopId: number | null;
  /** What the actor may do, from the contract's tables (not from the code under test). */
  permissions: readonly Permission[];
}

export interface Sample {
  url: string;
  /** JSON, or a multipart body with its `headers`. */
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

export interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify registers it, with `/api`. */
  path: string;
  permission: RoutePermission;
  /** The audit action a successful call writes; null for a read, and for a write that names why in `unaudited`. */
  audit: string | null;
  /** Why a write leaves no audit row (decision 034: marking one's own notifications read changes no store record). */
  unaudited?: string;
  /** The route's `config.storeOnly`: a shop's people are refused (403) whatever permissions they hold. */
  storeOnly?: boolean;
  /** A request that succeeds for an actor allowed to make it; built once per actor, so each write has a target of its own. */
  sample(actor: Actor): Promise<Sample>;
  /** For a route naming a record: the same request on a record of the first shop, which another shop's people must not find (404). */
  firstShopRecord?(): Promise<Sample>;
}

const newEmail = () => `invitee-${randomUUID().slice(0, 8)}@example.test`;

/**
 * Every `/api/console/*` route, the permission it needs and a request that works. A new console
 * route adds its row here; the matrix (console-authorization.routes.test.ts) and the audit walk
 * (console-audit.routes.test.ts) fail until it does.
 */
export function consoleRouteTable(app: FastifyInstance, firstShopId: number): ConsoleRoute[] {
  /** A member the actor manages: a store content editor, or a staff member of the actor's shop. */
  const memberFor = async (actor: Actor) =>
    (actor.scope === 'shop' ? await addConsoleMember(app, 'shop_staff', { shopId: actor.shopId, permissions: ['orders.read'] }) : await addConsoleMember(app, 'content_editor')).user.id;
  const firstShopMember = async () => (await addConsoleMember(app, 'shop_staff', { shopId: firstShopId, permissions: ['orders.read'] })).user.id;
  /** A product of the actor's shop (the first shop's for the store's staff and for non-members). */
  const productFor = async (actor: Pick<Actor, 'shopId'>) => (await addProducts(app.database.db, [{ name: `Matrix Product ${randomUUID().slice(0, 8)}`, shopId: actor.shopId ?? firstShopId }]))[0]!;
  const firstShopProduct = () => productFor({ shopId: firstShopId });
  const stockSample = async (productId: number) => ({
    url: `/api/console/products/${productId}/variants/${(await variantsOf(app.database.db, productId))[0]!.id}/stock`,
    payload: { change: 1, reason: 'restock' },
  });
  const movementsSample = async (productId: number) => ({ url: `/api/console/products/${productId}/variants/${(await variantsOf(app.database.db, productId))[0]!.id}/movements?limit=5` });
  /** The store's staff name the shop whose profile they open; a seller's people open their own. */
  const profileUrl = (actor: Actor) => (actor.scope === 'store' ? `/api/console/shop?shop_id=${firstShopId}` : '/api/console/shop');
  /** A pending order of the actor's shop (the first shop's for the store's staff and for non-members). */
  const orderFor = async (actor: Pick<Actor, 'shopId'>, status?: OrderStatus) => (await addStoredOrders(app.database.db, [{ shopId: actor.shopId ?? firstShopId, status }]))[0]!.id;
  /** The order's one line, shipped whole. */
  const shipmentSample = async (orderId: number) => {
    const [line] = await app.database.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
    return { url: `/api/console/orders/${orderId}/shipments`, payload: { carrier: 'DHL', tracking_number: 'MATRIX-1', lines: [{ order_item_id: line!.id, quantity: 1 }] } };
  };
  /** A parcel of an order on its way, its tracking number corrected. */
  const trackingCorrection = async (orderId: number) => {
    const [parcel] = await app.database.db.insert(orderShipments).values({ orderId, carrier: 'DHL', trackingNumber: 'MATRIX-1' }).returning({ id: orderShipments.id });
    return { url: `/api/console/orders/${orderId}/shipments/${parcel!.id}`, payload: { carrier: 'DHL', tracking_number: 'MATRIX-2' } };
  };
  const firstShopOrder = () => orderFor({ shopId: firstShopId });
  const change = (actor: Actor) => (actor.scope === 'shop' ? { permissions: ['catalogue.read'] } : { role: 'order_manager' });
  /** One of the actor's own notifications (a signed-out visitor has none: any id does). */
  const ownNotification = async (actor: Actor) => (actor.authorization ? await addNotification(app, await userIdOf(app, actor.authorization)) : 1);
  const ownReadState = 'marks the caller’s own notifications read: no store record changes';
  /** A voucher of the actor's shop (the first shop's for the store's staff and for non-members). */
  const voucherFor = async (actor: Pick<Actor, 'shopId'>, values: { isActive?: boolean } = {}) => (await addVoucher(app.database.db, actor.shopId ?? firstShopId, app.clock.now(), values)).id;
  const firstShopVoucher = (values: { isActive?: boolean } = {}) => voucherFor({ shopId: firstShopId }, values);
  /** A return of the actor's shop (the first shop's for the store's staff and for non-members) in `status`. */
  const returnFor = async (actor: Pick<Actor, 'shopId'>, status: ReturnStatus = 'requested') => addStoredReturn(app, actor.shopId ?? firstShopId, status);
  const firstShopReturn = (status: ReturnStatus = 'requested') => returnFor({ shopId: firstShopId }, status);
  const returnRow = (verb: string, from: ReturnStatus, payload: (orderItemId: number) => Record<string, unknown>): ConsoleRoute => ({
    method: 'POST',
    path: `/api/console/returns/:id/${verb}`,
    permission: 'orders.write',
    audit: `return.${verb}`,
    sample: async (actor) => {
      const returned = await returnFor(actor, from);
      return { url: `/api/console/returns/${returned.id}/${verb}`, payload: payload(returned.orderItemId) };
    },
    firstShopRecord: async () => {
      const returned = await firstShopReturn(from);
      return { url: `/api/console/returns/${returned.id}/${verb}`, payload: payload(returned.orderItemId) };
    },
  });
  /** A delivered, paid order of the actor's shop to refund. */
  const paidOrderFor = async (actor: Pick<Actor, 'shopId'>) => (await deliveredOrder(app, { quantity: 1, shopId: actor.shopId ?? firstShopId })).id;
  const refundSample = async (orderId: number) => ({ url: `/api/console/orders/${orderId}/refunds`, payload: { amount: 1, reason: 'Goodwill' }, headers: { 'idempotency-key': randomUUID() } });

  return [
    { method: 'GET', path: '/api/console/me', permission: 'member', audit: null, sample: async () => ({ url: '/api/console/me' }) },
    {
      method: 'PUT',
      path: '/api/console/me/language',
      permission: 'member',
      audit: null,
      unaudited: 'keeps the caller’s own language for mails to them: no store record changes',
      sample: async () => ({ url: '/api/console/me/language', payload: { locale: 'en' } }),
    },
    { method: 'GET', path: '/api/console/staff', permission: 'staff.manage', audit: null, sample: async () => ({ url: '/api/console/staff' }) },
    { method: 'GET', path: '/api/console/notifications', permission: 'member', audit: null, sample: async () => ({ url: '/api/console/notifications?limit=5' }) },
    {
      method: 'POST',
      path: '/api/console/notifications/:id/read',
      permission: 'member',
      audit: null,
      unaudited: ownReadState,
      sample: async (actor) => ({ url: `/api/console/notifications/${await ownNotification(actor)}/read` }),
    },
    { method: 'POST', path: '/api/console/notifications/read-all', permission: 'member', audit: null, unaudited: ownReadState, sample: async () => ({ url: '/api/console/notifications/read-all' }) },
    {
      method: 'POST',
      path: '/api/console/staff',
      permission: 'staff.manage',
      audit: 'staff_invitation.send',
      sample: async (actor) => ({
        url: '/api/console/staff',
        payload:
          actor.scope === 'shop'
            ? { email: newEmail(), name: 'Shop Helper', role: 'shop_staff', permissions: ['orders.read'] }
            : { email: newEmail(), name: 'Store Helper', role: 'support_agent' },
      }),
    },
    {
      method: 'PATCH',
      path: '/api/console/staff/:id',
      permission: 'staff.manage',
      audit: 'staff.update',
      sample: async (actor) => ({ url: `/api/console/staff/${await memberFor(actor)}`, payload: change(actor) }),
      firstShopRecord: async () => ({ url: `/api/console/staff/${await firstShopMember()}`, payload: { permissions: ['catalogue.read'] } }),
    },
    {
      method: 'DELETE',
      path: '/api/console/staff/:id',
      permission: 'staff.manage',
      audit: 'staff.remove',
      sample: async (actor) => ({ url: `/api/console/staff/${await memberFor(actor)}` }),
      firstShopRecord: async () => ({ url: `/api/console/staff/${await firstShopMember()}` }),
    },
    {
      method: 'DELETE',
      path: '/api/console/staff/invitations/:id',
      permission: 'staff.manage',
      audit: 'staff_invitation.withdraw',
      sample: async (actor) => ({ url: `/api/console/staff/invitations/${await addInvitation(app, { shopId: actor.shopId })}` }),
      firstShopRecord: async () => ({ url: `/api/console/staff/invitations/${await addInvitation(app, { shopId: firstShopId })}` }),
    },
    { method: 'GET', path: '/api/console/products', permission: 'catalogue.read', audit: null, sample: async () => ({ url: '/api/console/products?limit=5' }) },
    {
      method: 'GET',
      path: '/api/console/products/:id',
      permission: 'catalogue.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/products/${await productFor(actor)}` }),
      firstShopRecord: async () => ({ url: `/api/console/products/${await firstShopProduct()}` }),
    },
    {
      method: 'POST',
      path: '/api/console/products',
      permission: 'catalogue.write',
      audit: 'product.create',
      sample: async (actor) => {
        const sku = `MATRIX-${randomUUID().slice(0, 8)}`;
        const { category_id: categoryId } = await catalogAnchors(app.database.db);
        return {
          url: '/api/console/products',
          payload: { ...(actor.scope !== 'shop' && { shop_id: firstShopId }), name: 'Matrix Created', category_id: categoryId, sku, price: 12.5, variants: [{ sku, stock: 3 }] },
        };
      },
    },
    {
      method: 'PATCH',
      path: '/api/console/products/:id',
      permission: 'catalogue.write',
      audit: 'product.update',
      sample: async (actor) => ({ url: `/api/console/products/${await productFor(actor)}`, payload: { name: 'Matrix Renamed' } }),
      firstShopRecord: async () => ({ url: `/api/console/products/${await firstShopProduct()}`, payload: { name: 'Matrix Renamed' } }),
    },
    {
      method: 'POST',
      path: '/api/console/products/:id/duplicate',
      permission: 'catalogue.write',
      audit: 'product.duplicate',
      sample: async (actor) => ({ url: `/api/console/products/${await productFor(actor)}/duplicate` }),
      firstShopRecord: async () => ({ url: `/api/console/products/${await firstShopProduct()}/duplicate` }),
    },
    {
      method: 'POST',
      path: '/api/console/products/:id/archive',
      permission: 'catalogue.write',
      audit: 'product.archive',
      sample: async (actor) => ({ url: `/api/console/products/${await productFor(actor)}/archive` }),
      firstShopRecord: async () => ({ url: `/api/console/products/${await firstShopProduct()}/archive` }),
    },
    {
      method: 'POST',
      path: '/api/console/products/:id/variants/:variantId/stock',
      permission: 'catalogue.write',
      audit: 'product.stock',
      sample: async (actor) => stockSample(await productFor(actor)),
      firstShopRecord: async () => stockSample(await firstShopProduct()),
    },
    {
      method: 'POST',
      path: '/api/console/products/bulk',
      permission: 'catalogue.write',
      audit: 'product.bulk_unpublish',
      sample: async (actor) => ({ url: '/api/console/products/bulk', payload: { ids: [await productFor(actor)], action: 'unpublish' } }),
      firstShopRecord: async () => ({ url: '/api/console/products/bulk', payload: { ids: [await firstShopProduct()], action: 'unpublish' } }),
    },
    { method: 'GET', path: '/api/console/stock', permission: 'catalogue.read', audit: null, sample: async () => ({ url: '/api/console/stock?low_stock=true&limit=5' }) },
    {
      method: 'GET',
      path: '/api/console/products/:id/variants/:variantId/movements',
      permission: 'catalogue.read',
      audit: null,
      sample: async (actor) => movementsSample(await productFor(actor)),
      firstShopRecord: async () => movementsSample(await firstShopProduct()),
    },
    ...productReviewRows(app, firstShopProduct),
    ...reviewModerationRows(app, productFor),
    { method: 'GET', path: '/api/console/orders', permission: 'orders.read', audit: null, sample: async () => ({ url: '/api/console/orders?limit=5' }) },
    {
      method: 'GET',
      path: '/api/console/orders/:id',
      permission: 'orders.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}` }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}` }),
    },
    // Answers a PDF, not JSON: the matrix reads only its status.
    {
      method: 'GET',
      path: '/api/console/orders/:id/invoice',
      permission: 'orders.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/invoice` }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/invoice` }),
    },
    {
      method: 'POST',
      path: '/api/console/orders/:id/status',
      permission: 'orders.write',
      audit: 'order.status',
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/status`, payload: { status: 'confirm' } }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/status`, payload: { status: 'confirm' } }),
    },
    {
      method: 'POST',
      path: '/api/console/orders/:id/shipments',
      permission: 'orders.write',
      audit: 'order.ship',
      sample: async (actor) => shipmentSample(await orderFor(actor, 'confirm')),
      firstShopRecord: async () => shipmentSample(await orderFor({ shopId: firstShopId }, 'confirm')),
    },
    {
      method: 'PATCH',
      path: '/api/console/orders/:id/shipments/:shipmentId',
      permission: 'orders.write',
      audit: 'order.shipment_correct',
      sample: async (actor) => trackingCorrection(await orderFor(actor, 'on_the_way')),
      firstShopRecord: async () => trackingCorrection(await orderFor({ shopId: firstShopId }, 'on_the_way')),
    },
    {
      method: 'POST',
      path: '/api/console/orders/:id/cancel',
      permission: 'orders.write',
      audit: 'order.cancel',
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/cancel`, payload: { reason: 'Out of stock' } }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/cancel`, payload: { reason: 'Out of stock' } }),
    },
    {
      method: 'POST',
      path: '/api/console/orders/:id/mark-paid',
      permission: 'orders.write',
      audit: 'order.paid',
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/mark-paid` }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/mark-paid` }),
    },
    ...customerRows(app),
    { method: 'GET', path: '/api/console/settings', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/settings' }) },
    { method: 'PATCH', path: '/api/console/settings', permission: 'settings.write', storeOnly: true, audit: 'settings.update', sample: async () => ({ url: '/api/console/settings', payload: { low_stock_threshold: 7 } }) },
    { method: 'GET', path: '/api/console/returns', permission: 'orders.read', audit: null, sample: async () => ({ url: '/api/console/returns?status=requested&limit=5' }) },
    {
      method: 'GET',
      path: '/api/console/returns/:id',
      permission: 'orders.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/returns/${(await returnFor(actor)).id}` }),
      firstShopRecord: async () => ({ url: `/api/console/returns/${(await firstShopReturn()).id}` }),
    },
    returnRow('approve', 'requested', () => ({ instructions: 'Post it back to the shop.' })),
    returnRow('reject', 'requested', () => ({ reason: 'Worn' })),
    returnRow('receive', 'approved', (orderItemId) => ({ lines: [{ order_item_id: orderItemId, restock: true }] })),
    {
      method: 'GET',
      path: '/api/console/orders/:id/refunds',
      permission: 'orders.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/refunds` }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/refunds` }),
    },
    {
      method: 'POST',
      path: '/api/console/orders/:id/refunds',
      permission: 'orders.write',
      audit: 'refund.create',
      sample: async (actor) => refundSample(await paidOrderFor(actor)),
      firstShopRecord: async () => refundSample(await paidOrderFor({ shopId: firstShopId })),
    },
    ...ticketRows(app, firstShopId),
    { method: 'GET', path: '/api/console/customers', permission: 'customers.read', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/customers?limit=5' }) },
    { method: 'GET', path: '/api/console/vouchers', permission: 'vouchers.write', audit: null, sample: async () => ({ url: '/api/console/vouchers?status=active&limit=5' }) },
    {
      method: 'POST',
      path: '/api/console/vouchers',
      permission: 'vouchers.write',
      audit: 'voucher.create',
      sample: async (actor) => ({ url: '/api/console/vouchers', payload: newVoucher(app, actor.scope === 'shop' ? {} : { shop_id: firstShopId }) }),
    },
    {
      method: 'GET',
      path: '/api/console/vouchers/:id',
      permission: 'vouchers.write',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/vouchers/${await voucherFor(actor)}` }),
      firstShopRecord: async () => ({ url: `/api/console/vouchers/${await firstShopVoucher()}` }),
    },
    {
      method: 'PATCH',
      path: '/api/console/vouchers/:id',
      permission: 'vouchers.write',
      audit: 'voucher.update',
      sample: async (actor) => ({ url: `/api/console/vouchers/${await voucherFor(actor)}`, payload: { discount: 15 } }),
      firstShopRecord: async () => ({ url: `/api/console/vouchers/${await firstShopVoucher()}`, payload: { discount: 15 } }),
    },
    {
      method: 'POST',
      path: '/api/console/vouchers/:id/deactivate',
      permission: 'vouchers.write',
      audit: 'voucher.deactivate',
      sample: async (actor) => ({ url: `/api/console/vouchers/${await voucherFor(actor)}/deactivate` }),
      firstShopRecord: async () => ({ url: `/api/console/vouchers/${await firstShopVoucher()}/deactivate` }),
    },
    {
      method: 'POST',
      path: '/api/console/vouchers/:id/activate',
      permission: 'vouchers.write',
      audit: 'voucher.activate',
      sample: async (actor) => ({ url: `/api/console/vouchers/${await voucherFor(actor, { isActive: false })}/activate` }),
      firstShopRecord: async () => ({ url: `/api/console/vouchers/${await firstShopVoucher({ isActive: false })}/activate` }),
    },
    { method: 'GET', path: '/api/console/audit-log', permission: 'audit.read', audit: null, sample: async () => ({ url: '/api/console/audit-log?limit=5' }) },
    { method: 'GET', path: '/api/console/shop-applications', permission: 'shops.review', audit: null, sample: async () => ({ url: '/api/console/shop-applications?status=pending&limit=5' }) },
    ...shopDecisionRows(app),
    ...taxonomyKinds.flatMap((kind) => taxonomyRows(app, kind)),
    {
      method: 'GET',
      path: '/api/console/shop',
      permission: 'shop.profile',
      audit: null,
      sample: async (actor) => ({ url: profileUrl(actor) }),
      firstShopRecord: async () => ({ url: `/api/console/shop?shop_id=${firstShopId}` }),
    },
    {
      method: 'PATCH',
      path: '/api/console/shop',
      permission: 'shop.profile',
      audit: 'shop.update',
      sample: async (actor) => ({ url: profileUrl(actor), payload: { description: 'Hand-made goods, shipped the next day.' } }),
      firstShopRecord: async () => ({ url: `/api/console/shop?shop_id=${firstShopId}`, payload: { description: 'Not yours.' } }),
    },
    {
      method: 'POST',
      path: '/api/console/media',
      permission: 'catalogue.write',
      audit: 'media.upload',
      sample: async () => ({ url: '/api/console/media', ...(await multipartBody({}, [{ name: 'matrix.png', type: 'image/png', data: await drawnPicture('png', 60, 40) }])) }),
    },
  ];
}

/** A review decision per shop status it starts from; each actor's call gets a shop of its own in that status. */
function shopDecisionRows(app: FastifyInstance): ConsoleRoute[] {
  const shopIn = async (status: ShopStatus) => (await addShop(app.database.db, { status })).id;
  const decisions = [
    { action: 'approve', from: 'pending', payload: undefined },
    { action: 'reject', from: 'pending', payload: { reason: 'The logo is another brand\'s.' } },
    { action: 'suspend', from: 'approved', payload: { reason: 'Orders are not being shipped.' } },
    { action: 'reinstate', from: 'suspended', payload: undefined },
  ] as const;
  return decisions.map(({ action, from, payload }) => ({
    method: 'POST',
    path: `/api/console/shops/:id/${action}`,
    permission: 'shops.review',
    audit: `shop.${action}`,
    sample: async () => ({ url: `/api/console/shops/${await shopIn(from)}/${action}`, ...(payload && { payload }) }),
  }));
}

/**
 * The store's queue of shops' product changes: store catalogue staff only. An actor who may decide
 * gets a waiting change of their own; everyone else is refused before it is read, so they share one.
 */
function productReviewRows(app: FastifyInstance, firstShopProduct: () => Promise<number>): ConsoleRoute[] {
  const newPending = async () => addPendingReview(app.database.db, await firstShopProduct());
  let shared: Promise<number> | undefined;
  const pending = (actor: Actor) => (actor.scope === 'store' && actor.permissions.includes('catalogue.write') ? newPending() : (shared ??= newPending()));
  const review = { permission: 'catalogue.write', storeOnly: true } as const;
  return [
    { method: 'GET', path: '/api/console/product-reviews', ...review, audit: null, sample: async () => ({ url: '/api/console/product-reviews?status=pending&limit=5' }) },
    { method: 'GET', path: '/api/console/product-reviews/:id', ...review, audit: null, sample: async (actor) => ({ url: `/api/console/product-reviews/${await pending(actor)}` }) },
    { method: 'POST', path: '/api/console/product-reviews/:id/approve', ...review, audit: 'product_review.approve', sample: async (actor) => ({ url: `/api/console/product-reviews/${await pending(actor)}/approve` }) },
    {
      method: 'POST',
      path: '/api/console/product-reviews/:id/reject',
      ...review,
      audit: 'product_review.reject',
      sample: async (actor) => ({ url: `/api/console/product-reviews/${await pending(actor)}/reject`, payload: { reason: 'The pictures show another product.' } }),
    },
  ];
}

/** The store's customers: its own staff only. Each write gets a customer of its own (a blocked one to unblock). */
function customerRows(app: FastifyInstance): ConsoleRoute[] {
  const customer = async ({ blocked = false } = {}) => (await createCustomer(app, blocked ? { blockedAt: new Date(), blockedReason: 'Chargebacks' } : {})).user.id;
  const read = { permission: 'customers.read', storeOnly: true } as const;
  const write = { permission: 'customers.write', storeOnly: true } as const;
  const reason = { reason: 'Repeated chargebacks.' };
  return [
    { method: 'GET', path: '/api/console/customers', ...read, audit: null, sample: async () => ({ url: '/api/console/customers?limit=5&blocked=false&has_ordered=false' }) },
    { method: 'GET', path: '/api/console/customers/:id', ...read, audit: null, sample: async () => ({ url: `/api/console/customers/${await customer()}` }) },
    { method: 'POST', path: '/api/console/customers/:id/block', ...write, audit: 'customer.block', sample: async () => ({ url: `/api/console/customers/${await customer()}/block`, payload: reason }) },
    {
      method: 'POST',
      path: '/api/console/customers/:id/unblock',
      ...write,
      audit: 'customer.unblock',
      sample: async () => ({ url: `/api/console/customers/${await customer({ blocked: true })}/unblock`, payload: reason }),
    },
    { method: 'POST', path: '/api/console/customers/:id/password-reset', ...write, audit: 'customer.password_reset', sample: async () => ({ url: `/api/console/customers/${await customer()}/password-reset` }) },
  ];
}

/**
 * Shoppers' reviews: the store's catalogue staff, and a shop's people holding catalogue.write for
 * their shop's products once the store lets them (each shop actor's sample switches the setting on).
 */
function reviewModerationRows(app: FastifyInstance, productFor: (actor: Pick<Actor, 'shopId'>) => Promise<number>): ConsoleRoute[] {
  const allowShops = async (actor: Pick<Actor, 'scope'>) => {
    if (actor.scope !== 'shop') return;
    await updateStoreSettings(app.database.db, { sellers_moderate_reviews: true });
    app.caches.invalidate([cacheTags.settings]);
  };
  const reviewFor = async (actor: Actor, hiddenReason?: string) => {
    await allowShops(actor);
    return addReview(app.database.db, await productFor(actor), { hiddenReason });
  };
  /** Asked by another shop's seller, who must reach the shop check (so the setting is on) to be told it is not found. */
  const firstShopReview = async (hiddenReason?: string) => {
    await allowShops({ scope: 'shop' });
    return addReview(app.database.db, await productFor({ shopId: null }), { hiddenReason });
  };
  const reason = { reason: 'Contains a phone number.' };
  const moderate = { permission: 'catalogue.write' } as const;
  return [
    {
      method: 'GET',
      path: '/api/console/reviews',
      ...moderate,
      audit: null,
      sample: async (actor) => {
        await allowShops(actor);
        return { url: '/api/console/reviews?visibility=visible&rating=4&limit=5' };
      },
    },
    {
      method: 'POST',
      path: '/api/console/reviews/:id/hide',
      ...moderate,
      audit: 'review.hide',
      sample: async (actor) => ({ url: `/api/console/reviews/${await reviewFor(actor)}/hide`, payload: reason }),
      firstShopRecord: async () => ({ url: `/api/console/reviews/${await firstShopReview()}/hide`, payload: reason }),
    },
    {
      method: 'POST',
      path: '/api/console/reviews/:id/show',
      ...moderate,
      audit: 'review.show',
      sample: async (actor) => ({ url: `/api/console/reviews/${await reviewFor(actor, 'Spam')}/show`, payload: reason }),
      firstShopRecord: async () => ({ url: `/api/console/reviews/${await firstShopReview('Spam')}/show`, payload: reason }),
    },
  ];
}

/**
 * The support queue: tickets about an order of the actor's shop (the first shop's for the store's
 * staff and for non-members), open or, to reopen, closed. An actor who may answer gets a ticket of
 * their own per call; everyone else is refused before it is read, so they share one per shop.
 */
function ticketRows(app: FastifyInstance, firstShopId: number): ConsoleRoute[] {
  const db = app.database.db;
  const ordersOf = new Map<number, Promise<number>>();
  const orderOf = (shopId: number) => ordersOf.get(shopId) ?? ordersOf.set(shopId, addTicketOrder(db, shopId)).get(shopId)!;
  const newTicket = async (shopId: number, status: 'open' | 'closed') => (await addTicket(db, { orderId: await orderOf(shopId), status })).id;
  const shared = new Map<string, Promise<number>>();
  const ticketFor = (actor: Pick<Actor, 'shopId' | 'permissions'>, status: 'open' | 'closed' = 'open') => {
    const shopId = actor.shopId ?? firstShopId;
    if (actor.permissions.includes('support.write')) return newTicket(shopId, status);
    const key = `${shopId}:${status}`;
    return shared.get(key) ?? shared.set(key, newTicket(shopId, status)).get(key)!;
  };
  const firstShopTicket = (status: 'open' | 'closed' = 'open') => newTicket(firstShopId, status);
  /** Taking the ticket oneself: whoever may answer it may take it (a signed-out visitor is refused before, any id does). */
  const assignToSelf = async (actor: Actor) => ({ user_id: actor.authorization ? await userIdOf(app, actor.authorization) : 1 });
  const reply = { message: 'We have sent it again today.' };
  return [
    { method: 'GET', path: '/api/console/tickets', permission: 'support.read', audit: null, sample: async () => ({ url: '/api/console/tickets?status=open&limit=5' }) },
    {
      method: 'GET',
      path: '/api/console/tickets/:id',
      permission: 'support.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/tickets/${await ticketFor(actor)}` }),
      firstShopRecord: async () => ({ url: `/api/console/tickets/${await firstShopTicket()}` }),
    },
    {
      method: 'POST',
      path: '/api/console/tickets/:id/messages',
      permission: 'support.write',
      audit: 'ticket.reply',
      sample: async (actor) => ({ url: `/api/console/tickets/${await ticketFor(actor)}/messages`, payload: reply }),
      firstShopRecord: async () => ({ url: `/api/console/tickets/${await firstShopTicket()}/messages`, payload: reply }),
    },
    {
      method: 'POST',
      path: '/api/console/tickets/:id/assign',
      permission: 'support.write',
      audit: 'ticket.assign',
      sample: async (actor) => ({ url: `/api/console/tickets/${await ticketFor(actor)}/assign`, payload: await assignToSelf(actor) }),
      firstShopRecord: async () => ({ url: `/api/console/tickets/${await firstShopTicket()}/assign`, payload: { user_id: null } }),
    },
    {
      method: 'POST',
      path: '/api/console/tickets/:id/close',
      permission: 'support.write',
      audit: 'ticket.close',
      sample: async (actor) => ({ url: `/api/console/tickets/${await ticketFor(actor)}/close` }),
      firstShopRecord: async () => ({ url: `/api/console/tickets/${await firstShopTicket()}/close` }),
    },
    {
      method: 'POST',
      path: '/api/console/tickets/:id/reopen',
      permission: 'support.write',
      audit: 'ticket.reopen',
      sample: async (actor) => ({ url: `/api/console/tickets/${await ticketFor(actor, 'closed')}/reopen` }),
      firstShopRecord: async () => ({ url: `/api/console/tickets/${await firstShopTicket('closed')}/reopen` }),
    },
  ];
}

/** What a new record of each kind is made with. */
/** A new voucher's terms with a code of its own, open from now for a month. */
const newVoucher = (app: FastifyInstance, values: Record<string, unknown>) => {
  const now = app.clock.now().getTime();
  return {
    code: `MATRIX-${randomUUID().slice(0, 8)}`,
    discount_type: 'percentage',
    discount: 10,
    starts_at: new Date(now).toISOString(),
    expires_at: new Date(now + 30 * 86_400_000).toISOString(),
    ...values,
  };
};

const newTaxonomyRecord = async (app: FastifyInstance, kind: TaxonomyKind): Promise<Record<string, unknown>> => {
  const name = `New ${kind} ${randomUUID().slice(0, 8)}`;
  if (kind === 'colors') return { name, code: '#a1b2c3' };
  if (kind === 'sub-categories') return { name, category_id: (await catalogAnchors(app.database.db)).category_id };
  return { name };
};

/** The taxonomy's routes of one kind: read by every catalogue reader, written by the store's staff only. */
function taxonomyRows(app: FastifyInstance, kind: TaxonomyKind): ConsoleRoute[] {
  const db = app.database.db;
  const entity = { categories: 'category', 'sub-categories': 'sub_category', brands: 'brand', colors: 'color', sizes: 'size', units: 'unit' }[kind];
  const base = `/api/console/${kind}`;
  const record = (archived = false) => addTaxonomyRecord(db, kind, { archived });
  /** The list as it stands (the first category's sub-categories): reordering it to the same order is a write like any other. */
  const currentOrder = async () => {
    const categoryId = kind === 'sub-categories' ? (await catalogAnchors(db)).category_id : undefined;
    return (await listTaxonomy(db, kind, { categoryId })).map((item) => item.id);
  };
  const write = { permission: 'catalogue.write', storeOnly: true } as const;
  return [
    { method: 'GET', path: base, permission: 'catalogue.read', audit: null, sample: async () => ({ url: base }) },
    { method: 'POST', path: base, ...write, audit: `${entity}.create`, sample: async () => ({ url: base, payload: await newTaxonomyRecord(app, kind) }) },
    { method: 'PATCH', path: `${base}/:id`, ...write, audit: `${entity}.update`, sample: async () => ({ url: `${base}/${await record()}`, payload: { name: `Renamed ${randomUUID().slice(0, 8)}` } }) },
    { method: 'POST', path: `${base}/reorder`, ...write, audit: `${entity}.reorder`, sample: async () => ({ url: `${base}/reorder`, payload: { ids: await currentOrder() } }) },
    { method: 'POST', path: `${base}/:id/archive`, ...write, audit: `${entity}.archive`, sample: async () => ({ url: `${base}/${await record()}/archive` }) },
    { method: 'POST', path: `${base}/:id/restore`, ...write, audit: `${entity}.restore`, sample: async () => ({ url: `${base}/${await record(true)}/restore` }) },
  ];
}

/** The console routes the app has registered, `METHOD /path` (HEAD left out), read from its router's printed tree. */
export function registeredConsoleRoutes(app: FastifyInstance): string[] {
  const parents: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/);
      if (!match) return [];
      const depth = match[1]!.length / 4;
      const path = (parents[depth - 1] ?? '') + match[2];
      parents.splice(depth, parents.length, path);
      if (!match[3] || !path.startsWith('/api/console/')) return [];
      return match[3]
        .split(', ')
        .filter((method) => method !== 'HEAD')
        .map((method) => `${method} ${path}`);
    });
}

export const callAs = (app: FastifyInstance, actor: Pick<Actor, 'authorization'>, method: ConsoleRoute['method'], { url, payload, headers }: Sample) =>
  app.inject({ method, url, headers: { ...headers, ...(actor.authorization && { authorization: actor.authorization }) }, payload });
