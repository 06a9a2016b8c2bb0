import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuditAction, auditVerbs } from '../../shared/audit-actions.ts';
import type { Permission, ShopStatus } from '../../shared/console.contract.ts';
import type { ReturnStatus } from '../../shared/returns.contract.ts';
import type { RoutePermission } from '../platform/console-access.ts';
import { taxonomyKinds, type TaxonomyKind } from '../../shared/taxonomy-console.contract.ts';
import { listTaxonomy } from '../features/catalog/taxonomy.service.ts';
import { addProducts, addReview, addTaxonomyRecord, catalogAnchors, variantsOf } from './catalog-fixtures.ts';
import { createCustomer } from './account-fixtures.ts';
import { readStoreSettings, updateStoreSettings } from '../features/settings/settings.service.ts';
import { themeFromPrimary } from '../../shared/theme-readability.ts';
import { readStoreProfile } from '../features/settings/store-profile.service.ts';
import { cacheTags } from '../platform/cache-tags.ts';
import { addShop, addVoucher } from './commerce-fixtures.ts';
import { addConsoleMember, addInvitation, addNotification, userIdOf } from './console-fixtures.ts';
import { drawnPicture, multipartBody } from './multipart-fixtures.ts';
import { addPendingReview } from './product-review-fixtures.ts';
import { addStoredOrders } from './order-fixtures.ts';
import { banners, currencies, languages, orderItems, orderShipments, paymentGateways } from '../db/schema.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/order-statuses.ts';
import { addStoredReturn, deliveredOrder } from './return-fixtures.ts';
import { addTicket, addTicketOrder } from './ticket-fixtures.ts';
import { addBlogCategory, addBlogPost, firstBlogCategory } from './content-fixtures.ts';
import { addBanner, addContentPage, addFaq, newBanner } from './content-fixtures.ts';
import { DEFAULT_HOME_LAYOUT } from '../../shared/home-content.contract.ts';
import { listConsoleFaqs } from '../features/content/content-console.service.ts';
import { listBlogCategories } from '../features/content/blog-console.service.ts';
import { addEnrolment, addRunningSale, addSale, newSaleBody } from './flash-sale-fixtures.ts';
import { addAvailableEarning, addWithdrawal } from './earnings-fixtures.ts';

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
  audit: AuditAction | null;
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
  /** An ISO 4217 code no currency has yet, a different one each time. */
  const handedOutCodes = new Set<string>();
  const freshCurrencyCode = async () => {
    const taken = new Set((await app.database.db.select({ name: currencies.name }).from(currencies)).map((row) => row.name));
    const code = Intl.supportedValuesOf('currency').find((candidate) => !taken.has(candidate) && !handedOutCodes.has(candidate))!;
    handedOutCodes.add(code);
    return code;
  };
  /** A currency of its own at rate 1 (made the default, it leaves every other rate as it was). */
  const addCurrency = async (isActive = true) =>
    (await app.database.db.insert(currencies).values({ name: await freshCurrencyCode(), symbol: '¤', rate: '1', isActive, sortOrder: 99 }).returning({ id: currencies.id }))[0]!.id;
  const currencyEdit = { symbol: '¤', position: 'suffix', rate: 1 };
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
  const returnRow = (verb: (typeof auditVerbs.return)[number], from: ReturnStatus, payload: (orderItemId: number) => Record<string, unknown>): ConsoleRoute => ({
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
      audit: 'staff_member.update',
      sample: async (actor) => ({ url: `/api/console/staff/${await memberFor(actor)}`, payload: change(actor) }),
      firstShopRecord: async () => ({ url: `/api/console/staff/${await firstShopMember()}`, payload: { permissions: ['catalogue.read'] } }),
    },
    {
      method: 'DELETE',
      path: '/api/console/staff/:id',
      permission: 'staff.manage',
      audit: 'staff_member.remove',
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
      audit: 'product.adjust_stock',
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
      audit: 'order.change_status',
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
      audit: 'order.correct_shipment',
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
      audit: 'order.mark_paid',
      sample: async (actor) => ({ url: `/api/console/orders/${await orderFor(actor)}/mark-paid` }),
      firstShopRecord: async () => ({ url: `/api/console/orders/${await firstShopOrder()}/mark-paid` }),
    },
    ...customerRows(app),
    { method: 'GET', path: '/api/console/settings', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/settings' }) },
    { method: 'PATCH', path: '/api/console/settings', permission: 'settings.write', storeOnly: true, audit: 'settings.update', sample: async () => ({ url: '/api/console/settings', payload: { low_stock_threshold: 7 } }) },
    { method: 'GET', path: '/api/console/languages', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/languages' }) },
    {
      method: 'PATCH',
      path: '/api/console/languages',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'language.update',
      // Each call switches Persian the other way, so each is a change the audit log records.
      sample: async () => {
        const [persian] = await app.database.db.select({ isActive: languages.isActive }).from(languages).where(eq(languages.name, 'ir'));
        return { url: '/api/console/languages', payload: { name: 'ir', is_active: !persian!.isActive } };
      },
    },
    { method: 'GET', path: '/api/console/settings/delivery-tax', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/settings/delivery-tax' }) },
    {
      method: 'PATCH',
      path: '/api/console/settings/delivery-tax',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'settings.update',
      sample: async () => ({ url: '/api/console/settings/delivery-tax', payload: { tax_rate: 7.5 } }),
    },
    { method: 'GET', path: '/api/console/settings/commission-payouts', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/settings/commission-payouts' }) },
    {
      method: 'PATCH',
      path: '/api/console/settings/commission-payouts',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'settings.update',
      // The store's own rate again: audited like any change, and no later row's order or withdrawal sees another.
      sample: async () => ({ url: '/api/console/settings/commission-payouts', payload: { commission_rate: 10 } }),
    },
    { method: 'GET', path: '/api/console/store-profile', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/store-profile' }) },
    {
      method: 'PUT',
      path: '/api/console/store-profile',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'settings.update',
      sample: async () => ({ url: '/api/console/store-profile', payload: await readStoreProfile(app.database.db) }),
    },
    { method: 'GET', path: '/api/console/currencies', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/currencies' }) },
    {
      method: 'POST',
      path: '/api/console/currencies',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'currency.create',
      sample: async () => ({ url: '/api/console/currencies', payload: { code: await freshCurrencyCode(), ...currencyEdit } }),
    },
    {
      method: 'PATCH',
      path: '/api/console/currencies/:id',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'currency.update',
      sample: async () => ({ url: `/api/console/currencies/${await addCurrency()}`, payload: currencyEdit }),
    },
    { method: 'POST', path: '/api/console/currencies/:id/retire', permission: 'settings.write', storeOnly: true, audit: 'currency.retire', sample: async () => ({ url: `/api/console/currencies/${await addCurrency()}/retire` }) },
    {
      method: 'POST',
      path: '/api/console/currencies/:id/restore',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'currency.restore',
      sample: async () => ({ url: `/api/console/currencies/${await addCurrency(false)}/restore` }),
    },
    {
      method: 'POST',
      path: '/api/console/currencies/:id/make-default',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'currency.make_default',
      sample: async () => ({ url: `/api/console/currencies/${await addCurrency()}/make-default` }),
    },
    { method: 'GET', path: '/api/console/payments-sign-in', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/payments-sign-in' }) },
    {
      method: 'PUT',
      path: '/api/console/payments-sign-in',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'settings.update',
      // A client id of its own each time, so every allowed call changes a setting; the payment methods
      // stay as they are (a change of them is audited on a row of its own).
      sample: async () => {
        await app.database.db.update(paymentGateways).set({ isActive: sql`${paymentGateways.name} = 'cash'` });
        const { register_otp_verify, order_place_account_verify, register_otp_type, forgot_otp_type, social_auths } = await readStoreSettings(app.database.db);
        const google = { is_active: false, client_id: `matrix-${randomUUID().slice(0, 8)}` };
        return {
          url: '/api/console/payments-sign-in',
          payload: { active_payment_methods: ['cash'], register_otp_verify, order_place_account_verify, register_otp_type, forgot_otp_type, social_auths: { ...social_auths, google } },
        };
      },
    },
    { method: 'GET', path: '/api/console/theme', permission: 'settings.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/theme' }) },
    {
      method: 'PUT',
      path: '/api/console/theme',
      permission: 'settings.write',
      storeOnly: true,
      audit: 'settings.update',
      sample: async () => ({ url: '/api/console/theme', payload: { theme_colors: themeFromPrimary('#1d4ed8') } }),
    },
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
    {
      method: 'GET',
      path: '/api/console/earnings',
      permission: 'earnings.read',
      audit: null,
      sample: async (actor) => ({ url: actor.scope === 'shop' ? '/api/console/earnings' : `/api/console/earnings?shop_id=${firstShopId}` }),
    },
    {
      method: 'GET',
      path: '/api/console/withdrawals',
      permission: 'earnings.read',
      audit: null,
      sample: async () => ({ url: '/api/console/withdrawals?status=requested&limit=5' }),
    },
    { method: 'GET', path: '/api/console/withdrawals/terms', permission: 'payouts.request', audit: null, sample: async () => ({ url: '/api/console/withdrawals/terms' }) },
    {
      method: 'POST',
      path: '/api/console/withdrawals',
      permission: 'payouts.request',
      audit: 'withdrawal.request',
      sample: async (actor) => {
        await addAvailableEarning(app.database.db, actor.shopId ?? firstShopId, 10_00);
        return { url: '/api/console/withdrawals', payload: { amount: 10, payout_details: 'NL91 ABNA 0417 1643 00' } };
      },
    },
    {
      method: 'POST',
      path: '/api/console/withdrawals/:id/approve',
      permission: 'payouts.manage',
      storeOnly: true,
      audit: 'withdrawal.approve',
      sample: async () => ({ url: `/api/console/withdrawals/${await addWithdrawal(app, firstShopId)}/approve` }),
    },
    {
      method: 'POST',
      path: '/api/console/withdrawals/:id/pay',
      permission: 'payouts.manage',
      storeOnly: true,
      audit: 'withdrawal.pay',
      sample: async () => ({ url: `/api/console/withdrawals/${await addWithdrawal(app, firstShopId, 'approved')}/pay`, payload: { reference: 'TRX-MATRIX' } }),
    },
    {
      method: 'POST',
      path: '/api/console/withdrawals/:id/reject',
      permission: 'payouts.manage',
      storeOnly: true,
      audit: 'withdrawal.reject',
      sample: async () => ({ url: `/api/console/withdrawals/${await addWithdrawal(app, firstShopId)}/reject`, payload: { reason: 'Wrong account' } }),
    },
    {
      method: 'POST',
      path: '/api/console/withdrawals/:id/payout-details',
      permission: 'payouts.manage',
      storeOnly: true,
      audit: 'withdrawal.reveal_payout_details',
      sample: async () => ({ url: `/api/console/withdrawals/${await addWithdrawal(app, firstShopId)}/payout-details` }),
    },
    { method: 'GET', path: '/api/console/dashboard', permission: 'orders.read', audit: null, sample: async () => ({ url: '/api/console/dashboard?range=30d' }) },
    {
      method: 'GET',
      path: '/api/console/earnings/statement.csv',
      permission: 'earnings.read',
      audit: null,
      sample: async (actor) => ({ url: `/api/console/earnings/statement.csv?from=2026-01-01&to=2026-01-31${actor.scope === 'shop' ? '' : `&shop_id=${firstShopId}`}` }),
    },
    { method: 'GET', path: '/api/console/earnings/shops', permission: 'earnings.read', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/earnings/shops?limit=5' }) },
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
    { method: 'GET', path: '/api/console/blog-posts', permission: 'content.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/blog-posts?status=draft&limit=5' }) },
    {
      method: 'POST',
      path: '/api/console/blog-posts',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_post.create',
      sample: async () => ({ url: '/api/console/blog-posts', payload: { title: `Matrix post ${randomUUID().slice(0, 8)}`, category_id: await firstBlogCategory(app.database.db) } }),
    },
    {
      method: 'GET',
      path: '/api/console/blog-posts/:id',
      permission: 'content.write',
      storeOnly: true,
      audit: null,
      sample: async () => ({ url: `/api/console/blog-posts/${(await addBlogPost(app.database.db)).id}` }),
    },
    {
      method: 'PATCH',
      path: '/api/console/blog-posts/:id',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_post.update',
      sample: async () => ({ url: `/api/console/blog-posts/${(await addBlogPost(app.database.db)).id}`, payload: { title: 'Matrix post, renamed' } }),
    },
    {
      method: 'POST',
      path: '/api/console/blog-posts/:id/preview-link',
      permission: 'content.write',
      storeOnly: true,
      audit: null,
      unaudited: 'signs a link to read the post: nothing is stored',
      sample: async () => ({ url: `/api/console/blog-posts/${(await addBlogPost(app.database.db)).id}/preview-link` }),
    },
    { method: 'GET', path: '/api/console/blog-categories', permission: 'content.write', storeOnly: true, audit: null, sample: async () => ({ url: '/api/console/blog-categories' }) },
    {
      method: 'POST',
      path: '/api/console/blog-categories',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_category.create',
      sample: async () => ({ url: '/api/console/blog-categories', payload: { name: `Matrix category ${randomUUID().slice(0, 8)}` } }),
    },
    {
      method: 'PATCH',
      path: '/api/console/blog-categories/:id',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_category.update',
      sample: async () => ({ url: `/api/console/blog-categories/${await addBlogCategory(app.database.db)}`, payload: { name: `Matrix category ${randomUUID().slice(0, 8)}` } }),
    },
    {
      method: 'DELETE',
      path: '/api/console/blog-categories/:id',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_category.delete',
      sample: async () => ({ url: `/api/console/blog-categories/${await addBlogCategory(app.database.db)}` }),
    },
    {
      method: 'POST',
      path: '/api/console/blog-categories/reorder',
      permission: 'content.write',
      storeOnly: true,
      audit: 'blog_category.reorder',
      sample: async () => ({ url: '/api/console/blog-categories/reorder', payload: { ids: (await listBlogCategories(app.database.db)).map((category) => category.id).reverse() } }),
    },
    {
      method: 'POST',
      path: '/api/console/vouchers/:id/activate',
      permission: 'vouchers.write',
      audit: 'voucher.activate',
      sample: async (actor) => ({ url: `/api/console/vouchers/${await voucherFor(actor, { isActive: false })}/activate` }),
      firstShopRecord: async () => ({ url: `/api/console/vouchers/${await firstShopVoucher({ isActive: false })}/activate` }),
    },
    ...flashSaleRows(app, firstShopId),
    { method: 'GET', path: '/api/console/audit-log', permission: 'audit.read', audit: null, sample: async () => ({ url: '/api/console/audit-log?limit=5' }) },
    { method: 'GET', path: '/api/console/shop-applications', permission: 'shops.review', audit: null, sample: async () => ({ url: '/api/console/shop-applications?status=pending&limit=5' }) },
    ...shopDecisionRows(app),
    ...taxonomyKinds.flatMap((kind) => taxonomyRows(app, kind)),
    ...contentRows(app),
    ...homeContentRows(app),
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
  return [
    ...decisions.map(({ action, from, payload }): ConsoleRoute => ({
      method: 'POST',
      path: `/api/console/shops/:id/${action}`,
      permission: 'shops.review',
      audit: `shop.${action}`,
      sample: async () => ({ url: `/api/console/shops/${await shopIn(from)}/${action}`, ...(payload && { payload }) }),
    })),
    {
      method: 'PUT',
      path: '/api/console/shops/:id/commission',
      permission: 'shops.review',
      storeOnly: true,
      audit: 'shop.set_commission',
      sample: async () => ({ url: `/api/console/shops/${await shopIn('approved')}/commission`, payload: { commission_rate: 12.5 } }),
    },
  ];
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
    { method: 'POST', path: '/api/console/product-reviews/:id/approve', ...review, audit: 'product.approve', sample: async (actor) => ({ url: `/api/console/product-reviews/${await pending(actor)}/approve` }) },
    {
      method: 'POST',
      path: '/api/console/product-reviews/:id/reject',
      ...review,
      audit: 'product.reject',
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
    { method: 'POST', path: '/api/console/customers/:id/password-reset', ...write, audit: 'customer.send_password_reset', sample: async () => ({ url: `/api/console/customers/${await customer()}/password-reset` }) },
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
  const entity = ({ categories: 'category', 'sub-categories': 'sub_category', brands: 'brand', colors: 'color', sizes: 'size', units: 'unit' } as const)[kind];
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

/** The store's pages and FAQ: its content editors and owner only. */
function contentRows(app: FastifyInstance): ConsoleRoute[] {
  const pages = '/api/console/content-pages';
  const questions = '/api/console/faqs';
  const content = { permission: 'content.write', storeOnly: true } as const;
  const newPage = () => ({ slug: `page-${randomUUID().slice(0, 8)}`, title: 'Delivery times' });
  const pageId = async () => (await addContentPage(app.database.db)).id;
  return [
    { method: 'GET', path: pages, ...content, audit: null, sample: async () => ({ url: `${pages}?status=published&limit=5` }) },
    { method: 'POST', path: pages, ...content, audit: 'content_page.create', sample: async () => ({ url: pages, payload: newPage() }) },
    { method: 'GET', path: `${pages}/:id`, ...content, audit: null, sample: async () => ({ url: `${pages}/${await pageId()}` }) },
    { method: 'PATCH', path: `${pages}/:id`, ...content, audit: 'content_page.update', sample: async () => ({ url: `${pages}/${await pageId()}`, payload: { title: 'Delivery and pick-up' } }) },
    { method: 'GET', path: questions, ...content, audit: null, sample: async () => ({ url: `${questions}?status=shown&search=order` }) },
    { method: 'POST', path: questions, ...content, audit: 'faq.create', sample: async () => ({ url: questions, payload: { question: 'Do you ship abroad?', answer: 'Not yet.' } }) },
    { method: 'PATCH', path: `${questions}/:id`, ...content, audit: 'faq.update', sample: async () => ({ url: `${questions}/${(await addFaq(app.database.db)).id}`, payload: { answer: 'To most countries.' } }) },
    {
      method: 'POST',
      path: `${questions}/reorder`,
      ...content,
      audit: 'faq.reorder',
      sample: async () => ({ url: `${questions}/reorder`, payload: { ids: (await listConsoleFaqs(app.database.db)).map((faq) => faq.id).reverse() } }),
    },
  ];
}

/** The home page's banners and sections: its content editors and owner only. */
function homeContentRows(app: FastifyInstance): ConsoleRoute[] {
  const db = app.database.db;
  const bannersPath = '/api/console/banners';
  const layoutPath = '/api/console/home-layout';
  const content = { permission: 'content.write', storeOnly: true } as const;
  const bannerId = async () => (await addBanner(db)).id;
  return [
    { method: 'GET', path: bannersPath, ...content, audit: null, sample: async () => ({ url: `${bannersPath}?status=active` }) },
    { method: 'POST', path: bannersPath, ...content, audit: 'banner.create', sample: async () => ({ url: bannersPath, payload: newBanner() }) },
    { method: 'GET', path: `${bannersPath}/:id`, ...content, audit: null, sample: async () => ({ url: `${bannersPath}/${await bannerId()}` }) },
    { method: 'PATCH', path: `${bannersPath}/:id`, ...content, audit: 'banner.update', sample: async () => ({ url: `${bannersPath}/${await bannerId()}`, payload: { title: 'Spring sale' } }) },
    {
      method: 'POST',
      path: `${bannersPath}/reorder`,
      ...content,
      audit: 'banner.reorder',
      sample: async () => ({ url: `${bannersPath}/reorder`, payload: { ids: (await db.select({ id: banners.id }).from(banners).orderBy(asc(banners.sortOrder), asc(banners.id))).map((row) => row.id).reverse() } }),
    },
    { method: 'GET', path: layoutPath, ...content, audit: null, sample: async () => ({ url: layoutPath }) },
    { method: 'PUT', path: layoutPath, ...content, audit: 'home_layout.update', sample: async () => ({ url: layoutPath, payload: DEFAULT_HOME_LAYOUT }) },
    { method: 'POST', path: `${layoutPath}/publish`, ...content, audit: 'home_layout.publish', sample: async () => ({ url: `${layoutPath}/publish` }) },
    { method: 'POST', path: `${layoutPath}/preview-link`, ...content, audit: null, unaudited: 'signs a link to preview the draft: nothing is stored', sample: async () => ({ url: `${layoutPath}/preview-link` }) },
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

/** The flash sales' routes (decision 051): the sales and the decisions are the store's; enrolments a shop's too, its own only. */
function flashSaleRows(app: FastifyInstance, firstShopId: number): ConsoleRoute[] {
  const { db } = app.database;
  const now = () => app.clock.now();
  const sale = () => addSale(db, now());
  const productFor = async (shopId: number) => (await addProducts(db, [{ name: `Matrix Sale Product ${randomUUID().slice(0, 8)}`, shopId }]))[0]!;
  /** A pending enrolment of a product of the actor's shop (the first shop's for the store's staff and for non-members). */
  const enrolmentFor = async (actor: Pick<Actor, 'shopId'>) => {
    const saleId = await sale();
    return `/api/console/flash-sales/${saleId}/enrolments/${await addEnrolment(db, saleId, await productFor(actor.shopId ?? firstShopId))}`;
  };
  return [
    { method: 'GET', path: '/api/console/flash-sales', permission: 'promotions.write', audit: null, sample: async () => ({ url: '/api/console/flash-sales?enrolling=true&limit=5' }) },
    { method: 'POST', path: '/api/console/flash-sales', permission: 'promotions.write', storeOnly: true, audit: 'flash_sale.create', sample: async () => ({ url: '/api/console/flash-sales', payload: newSaleBody(now()) }) },
    { method: 'GET', path: '/api/console/flash-sales/:id', permission: 'promotions.write', audit: null, sample: async () => ({ url: `/api/console/flash-sales/${await sale()}` }) },
    {
      method: 'PATCH',
      path: '/api/console/flash-sales/:id',
      permission: 'promotions.write',
      storeOnly: true,
      audit: 'flash_sale.update',
      sample: async () => ({ url: `/api/console/flash-sales/${await sale()}`, payload: { name: 'Matrix Sale' } }),
    },
    {
      method: 'POST',
      path: '/api/console/flash-sales/:id/end',
      permission: 'promotions.write',
      storeOnly: true,
      audit: 'flash_sale.end',
      sample: async () => ({ url: `/api/console/flash-sales/${await addRunningSale(db, now())}/end` }),
    },
    { method: 'DELETE', path: '/api/console/flash-sales/:id', permission: 'promotions.write', storeOnly: true, audit: 'flash_sale.delete', sample: async () => ({ url: `/api/console/flash-sales/${await sale()}` }) },
    {
      method: 'GET',
      path: '/api/console/flash-sales/:id/enrolments',
      permission: 'promotions.write',
      audit: null,
      sample: async () => ({ url: `/api/console/flash-sales/${await sale()}/enrolments?status=pending&limit=5` }),
    },
    {
      method: 'POST',
      path: '/api/console/flash-sales/:id/enrolments',
      permission: 'promotions.write',
      audit: 'flash_sale_enrolment.create',
      sample: async (actor) => {
        const productId = await productFor(actor.scope === 'shop' ? actor.shopId! : firstShopId);
        const [variant] = await variantsOf(db, productId);
        const shop = actor.scope === 'shop' ? {} : { shop_id: firstShopId };
        return { url: `/api/console/flash-sales/${await sale()}/enrolments`, payload: { ...shop, variants: [{ variant_id: variant!.id, percentage: 10 }] } };
      },
    },
    {
      method: 'DELETE',
      path: '/api/console/flash-sales/:id/enrolments/:enrolmentId',
      permission: 'promotions.write',
      audit: 'flash_sale_enrolment.withdraw',
      sample: async (actor) => ({ url: await enrolmentFor(actor) }),
      firstShopRecord: async () => ({ url: await enrolmentFor({ shopId: firstShopId }) }),
    },
    {
      method: 'POST',
      path: '/api/console/flash-sales/:id/enrolments/:enrolmentId/approve',
      permission: 'promotions.write',
      storeOnly: true,
      audit: 'flash_sale_enrolment.approve',
      sample: async () => ({ url: `${await enrolmentFor({ shopId: firstShopId })}/approve` }),
    },
    {
      method: 'POST',
      path: '/api/console/flash-sales/:id/enrolments/:enrolmentId/decline',
      permission: 'promotions.write',
      storeOnly: true,
      audit: 'flash_sale_enrolment.decline',
      sample: async () => ({ url: `${await enrolmentFor({ shopId: firstShopId })}/decline`, payload: { reason: 'Price too close to the regular one.' } }),
    },
  ];
}
