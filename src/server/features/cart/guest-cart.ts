import { and, eq, lt, sql, type Column } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { cartItems, guestCarts, productVariants } from '../../db/schema.ts';
import { authenticate, presentsSession } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';
import { storeCookie } from '../../platform/session-cookie.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';

/** Whose cart a request works on: a signed-in account's, or a visitor's guest cart. */
export type CartOwner = { userId: number; guestCartId?: undefined } | { guestCartId: number; userId?: undefined };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `identifyCartOwner`. */
    cartOwner?: CartOwner;
  }
}

const GUEST_CART_DAYS = 30;

const guestCookie = (request: FastifyRequest) => storeCookie(request.server.config, 'guest_cart');

const guestCheckoutEnabled = async (request: FastifyRequest) =>
  (await keptStoreSettings(request.server.caches, request.server.database.db)).guest_checkout;

async function findGuestCart(request: FastifyRequest): Promise<number | undefined> {
  const token = request.cookies[guestCookie(request).name];
  if (!token) return undefined;
  const [cart] = await request.server.database.db.select({ id: guestCarts.id }).from(guestCarts).where(eq(guestCarts.tokenHash, sha256(token)));
  return cart?.id;
}

async function createGuestCart(request: FastifyRequest, reply: FastifyReply): Promise<number> {
  const token = newToken();
  const [cart] = await request.server.database.db
    .insert(guestCarts)
    .values({ tokenHash: sha256(token), createdAt: request.server.clock.now() })
    .returning({ id: guestCarts.id });
  const { name, options } = guestCookie(request);
  reply.setCookie(name, token, { ...options, maxAge: GUEST_CART_DAYS * 24 * 60 * 60 });
  return cart!.id;
}

/**
 * preHandler of the cart, checkout and placement calls: a session (bearer token or cookie) must be
 * valid (401 otherwise); without one, a visitor works on their guest cart when the store allows guest
 * checkout, and is refused with 401 when it does not. A visitor's first add-to-cart makes the cart.
 */
export async function identifyCartOwner(request: FastifyRequest) {
  if (presentsSession(request) || !(await guestCheckoutEnabled(request))) {
    await authenticate(request);
    request.cartOwner = { userId: request.user!.id };
    return;
  }
  request.cartOwner = { guestCartId: (await findGuestCart(request)) ?? NO_GUEST_CART };
}

/** A visitor who has not added anything yet: no cart row has this id, so it owns nothing. */
export const NO_GUEST_CART = 0;

/** The owner `identifyCartOwner` found. */
export function currentCartOwner(request: FastifyRequest): CartOwner {
  if (!request.cartOwner) throw unauthorized();
  return request.cartOwner;
}

/** The owner to add to the cart for: a visitor's first add makes their guest cart (and its cookie). */
export async function cartOwnerForAdding(request: FastifyRequest, reply: FastifyReply): Promise<CartOwner> {
  const owner = currentCartOwner(request);
  return owner.guestCartId === NO_GUEST_CART ? { guestCartId: await createGuestCart(request, reply) } : owner;
}

/** The condition naming an owner's rows in a table with `user_id` and `guest_cart_id`. */
export function ownedBy(owner: CartOwner, table: { userId: Column; guestCartId: Column }) {
  return owner.userId !== undefined ? eq(table.userId, owner.userId) : eq(table.guestCartId, owner.guestCartId);
}

/**
 * At login or registration the visitor's guest cart joins the account's cart: a variant in both
 * adds up (never beyond its stock), the guest cart is deleted and its cookie cleared.
 */
export async function mergeGuestCart(request: FastifyRequest, reply: FastifyReply, userId: number) {
  const guestCartId = await findGuestCart(request);
  const { name, options } = guestCookie(request);
  if (request.cookies[name] !== undefined) reply.clearCookie(name, options);
  if (guestCartId === undefined) return;
  await request.server.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${cartItems} (user_id, product_id, variant_id, quantity, unit, is_buy_now, created_at)
      select ${userId}, ${cartItems.productId}, ${cartItems.variantId}, least(${cartItems.quantity}, greatest(${productVariants.stock}, 1)),
        ${cartItems.unit}, false, ${cartItems.createdAt}
      from ${cartItems} join ${productVariants} on ${productVariants.id} = ${cartItems.variantId}
      where ${and(eq(cartItems.guestCartId, guestCartId), eq(cartItems.isBuyNow, false))}
      order by ${cartItems.id}
      on conflict (user_id, variant_id) where not is_buy_now
      do update set quantity = greatest(least(${cartItems.quantity} + excluded.quantity, (select stock from ${productVariants} where id = excluded.variant_id)), ${cartItems.quantity})`);
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
  });
}

/** Guest carts nobody came back to for a month are dropped with their lines. */
export async function forgetOldGuestCarts(db: Db, now: Date) {
  await db.delete(guestCarts).where(lt(guestCarts.createdAt, new Date(now.getTime() - GUEST_CART_DAYS * 24 * 60 * 60_000)));
}
