import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, productColors, products, productSizes } from '../../db/schema.ts';
import type { AddToCartInput, Cart, CartLineInput } from '../../../shared/cart.contract.ts';
import { notFound, validationFailed, type HttpError } from '../../platform/errors.ts';
import { groupByShop, loadCartLines, presentCartGroups } from './cart-lines.ts';
import { ownedBy, type CartOwner } from './guest-cart.ts';

const NOT_IN_CART_MESSAGE = 'This product is not in your cart';

/** The shopper's cart, or their buy-now line (spec §3 cart groups). */
export async function readCart(db: Db, owner: CartOwner, isBuyNow = false): Promise<Cart> {
  const lines = await loadCartLines(db, { owner, isBuyNow });
  return { total: lines.length, cart_items: presentCartGroups(groupByShop(lines)) };
}

function stockError(stock: number): HttpError {
  return validationFailed({ quantity: [stock > 0 ? `Only ${stock} left in stock` : 'This product is out of stock'] });
}

async function findProductForCart(db: Db, productId: number) {
  const [[product], colorRows, sizeRows] = await Promise.all([
    db.select({ stock: products.stock, unit: products.unit }).from(products).where(and(eq(products.id, productId), eq(products.status, 'active'))),
    db.select({ id: productColors.colorId }).from(productColors).where(eq(productColors.productId, productId)),
    db.select({ id: productSizes.sizeId }).from(productSizes).where(eq(productSizes.productId, productId)),
  ]);
  if (!product) throw notFound('Product not found');
  return { ...product, colorIds: colorRows.map((row) => row.id), sizeIds: sizeRows.map((row) => row.id) };
}

/** A colour or size choice must be one the product offers; a product with none takes none. */
function choiceError(field: 'color' | 'size', chosen: number | null | undefined, offered: number[]): string | undefined {
  if (chosen === null || chosen === undefined) return offered.length > 0 ? `The ${field} field is required.` : undefined;
  return offered.includes(chosen) ? undefined : `The selected ${field} is invalid.`;
}

/**
 * Spec §4 cart add. A cart add puts the quantity on top of the product's line (the newest colour,
 * size and unit win); a buy-now add replaces the shopper's buy-now line and leaves the cart alone.
 */
export async function addToCart(db: Db, owner: CartOwner, input: AddToCartInput): Promise<Cart> {
  const product = await findProductForCart(db, input.product_id);
  const problems = {
    color: choiceError('color', input.color, product.colorIds),
    size: choiceError('size', input.size, product.sizeIds),
    unit: input.unit && input.unit !== product.unit ? 'The selected unit is invalid.' : undefined,
  };
  const errors = Object.fromEntries(Object.entries(problems).flatMap(([field, message]) => (message ? [[field, [message]]] : [])));
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (input.quantity > product.stock) throw stockError(product.stock);

  const line = {
    userId: owner.userId ?? null,
    guestCartId: owner.guestCartId ?? null,
    productId: input.product_id,
    quantity: input.quantity,
    colorId: input.color ?? null,
    sizeId: input.size ?? null,
    unit: product.unit,
    isBuyNow: input.is_buy_now,
  };
  const choice = { colorId: line.colorId, sizeId: line.sizeId, unit: line.unit };
  if (input.is_buy_now) {
    await db
      .insert(cartItems)
      .values(line)
      .onConflictDoUpdate({
        target: owner.userId !== undefined ? cartItems.userId : cartItems.guestCartId,
        targetWhere: sql`${cartItems.isBuyNow}`,
        set: { ...choice, productId: line.productId, quantity: line.quantity, createdAt: sql`now()` },
      });
  } else {
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(cartItems)
        .values(line)
        .onConflictDoUpdate({
          target: [owner.userId !== undefined ? cartItems.userId : cartItems.guestCartId, cartItems.productId],
          targetWhere: sql`not ${cartItems.isBuyNow}`,
          set: { ...choice, quantity: sql`${cartItems.quantity} + excluded.quantity` },
        })
        .returning({ quantity: cartItems.quantity });
      // Thrown inside the transaction, so the line keeps its old quantity.
      if (saved!.quantity > product.stock) throw stockError(product.stock);
    });
  }
  return readCart(db, owner, input.is_buy_now);
}

/** One more or one less of a line; one less of the last unit removes the line. */
export async function changeQuantity(db: Db, owner: CartOwner, { product_id, is_buy_now }: CartLineInput, step: 1 | -1) {
  const removed = await db.transaction(async (tx) => {
    const lineOf = and(ownedBy(owner, cartItems), eq(cartItems.productId, product_id), eq(cartItems.isBuyNow, is_buy_now));
    const [line] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity, stock: products.stock })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(lineOf, eq(products.status, 'active')))
      .for('update', { of: cartItems });
    if (!line) throw notFound(NOT_IN_CART_MESSAGE);
    const quantity = line.quantity + step;
    if (quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return true;
    }
    if (step > 0 && quantity > line.stock) throw stockError(line.stock);
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    return false;
  });
  return { removed, cart: await readCart(db, owner, is_buy_now) };
}

export async function removeLine(db: Db, owner: CartOwner, { product_id, is_buy_now }: CartLineInput): Promise<Cart> {
  const deleted = await db
    .delete(cartItems)
    .where(and(ownedBy(owner, cartItems), eq(cartItems.productId, product_id), eq(cartItems.isBuyNow, is_buy_now)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw notFound(NOT_IN_CART_MESSAGE);
  return readCart(db, owner, is_buy_now);
}
