import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, productColors, products, productSizes, productVariants } from '../../db/schema.ts';
import type { AddToCartInput, Cart, CartLineInput } from '../../../shared/cart.contract.ts';
import { notFound, validationFailed, type HttpError } from '../../platform/errors.ts';
import { groupByShop, loadCartLines, loadUnavailableLines, presentCartGroups } from './cart-lines.ts';
import { ownedBy, type CartOwner } from './guest-cart.ts';

const NOT_IN_CART_MESSAGE = 'This product is not in your cart';
export const UNAVAILABLE_COMBINATION_MESSAGE = 'This color and size combination is not available.';
const WHICH_LINE_MESSAGE = 'The cart id field is required when the cart holds several variants of the product.';

/** The shopper's cart, or their buy-now line (docs/product/storefront.md §3 cart groups), colours and sizes named in `locale`. */
export async function readCart(db: Db, owner: CartOwner, locale: string, isBuyNow = false): Promise<Cart> {
  const [lines, unavailable] = await Promise.all([loadCartLines(db, { owner, isBuyNow }), isBuyNow ? [] : loadUnavailableLines(db, owner)]);
  return { total: lines.length, cart_items: presentCartGroups(groupByShop(lines), locale), unavailable_items: unavailable };
}

function stockError(stock: number): HttpError {
  return validationFailed({ quantity: [stock > 0 ? `Only ${stock} left in stock` : 'This product is out of stock'] });
}

async function findProductForCart(db: Db, productId: number) {
  const [[product], colorRows, sizeRows] = await Promise.all([
    db.select({ unit: products.unit }).from(products).where(and(eq(products.id, productId), eq(products.status, 'active'))),
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

/** The variant sold for the chosen colour and size; a combination the shop does not sell is refused on the last option chosen. */
async function findVariantForChoice(db: Db, productId: number, color: number | null, size: number | null) {
  const [variant] = await db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.isActive, true),
        sql`${productVariants.colorId} is not distinct from ${color}::int`,
        sql`${productVariants.sizeId} is not distinct from ${size}::int`,
      ),
    );
  if (!variant) throw validationFailed({ [size !== null ? 'size' : 'color']: [UNAVAILABLE_COMBINATION_MESSAGE] });
  return variant;
}

/**
 * docs/product/storefront.md §4 cart add: the colour and size pick the variant. A cart add puts the quantity on top of
 * that variant's line (the newest unit wins); a buy-now add replaces the shopper's buy-now line and
 * leaves the cart alone.
 */
export async function addToCart(db: Db, owner: CartOwner, input: AddToCartInput, locale: string): Promise<Cart> {
  const product = await findProductForCart(db, input.product_id);
  const problems = {
    color: choiceError('color', input.color, product.colorIds),
    size: choiceError('size', input.size, product.sizeIds),
    unit: input.unit && input.unit !== product.unit ? 'The selected unit is invalid.' : undefined,
  };
  const errors = Object.fromEntries(Object.entries(problems).flatMap(([field, message]) => (message ? [[field, [message]]] : [])));
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const variant = await findVariantForChoice(db, input.product_id, input.color ?? null, input.size ?? null);
  if (input.quantity > variant.stock) throw stockError(variant.stock);

  const line = {
    userId: owner.userId ?? null,
    guestCartId: owner.guestCartId ?? null,
    productId: input.product_id,
    variantId: variant.id,
    quantity: input.quantity,
    unit: product.unit,
    isBuyNow: input.is_buy_now,
  };
  if (input.is_buy_now) {
    await db
      .insert(cartItems)
      .values(line)
      .onConflictDoUpdate({
        target: owner.userId !== undefined ? cartItems.userId : cartItems.guestCartId,
        targetWhere: sql`${cartItems.isBuyNow}`,
        set: { productId: line.productId, variantId: line.variantId, unit: line.unit, quantity: line.quantity, createdAt: sql`now()` },
      });
  } else {
    await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(cartItems)
        .values(line)
        .onConflictDoUpdate({
          target: [owner.userId !== undefined ? cartItems.userId : cartItems.guestCartId, cartItems.variantId],
          targetWhere: sql`not ${cartItems.isBuyNow}`,
          set: { unit: line.unit, quantity: sql`${cartItems.quantity} + excluded.quantity` },
        })
        .returning({ quantity: cartItems.quantity });
      // Thrown inside the transaction, so the line keeps its old quantity.
      if (saved!.quantity > variant.stock) throw stockError(variant.stock);
    });
  }
  return readCart(db, owner, locale, input.is_buy_now);
}

/** The line a cart call names: by its product, and by its id when the product has several lines. */
function namedLine(owner: CartOwner, { product_id, cart_id, is_buy_now }: CartLineInput) {
  return and(ownedBy(owner, cartItems), eq(cartItems.productId, product_id), eq(cartItems.isBuyNow, is_buy_now), cart_id ? eq(cartItems.id, cart_id) : undefined);
}

function refuseUnnamedLine(lineCount: number, input: CartLineInput) {
  if (lineCount === 0) throw notFound(NOT_IN_CART_MESSAGE);
  if (lineCount > 1 && !input.cart_id) throw validationFailed({ cart_id: [WHICH_LINE_MESSAGE] });
}

/** One more or one less of a line; one less of the last unit removes the line. */
export async function changeQuantity(db: Db, owner: CartOwner, input: CartLineInput, step: 1 | -1, locale: string) {
  const removed = await db.transaction(async (tx) => {
    const lines = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity, stock: productVariants.stock })
      .from(cartItems)
      .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(namedLine(owner, input), eq(products.status, 'active'), eq(productVariants.isActive, true)))
      .for('update', { of: cartItems });
    refuseUnnamedLine(lines.length, input);
    const line = lines[0]!;
    const quantity = line.quantity + step;
    if (quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return true;
    }
    if (step > 0 && quantity > line.stock) throw stockError(line.stock);
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    return false;
  });
  return { removed, cart: await readCart(db, owner, locale, input.is_buy_now) };
}

export async function removeLine(db: Db, owner: CartOwner, input: CartLineInput, locale: string): Promise<Cart> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(cartItems).where(namedLine(owner, input)).returning({ id: cartItems.id });
    // Thrown inside the transaction, so an ambiguous call removes nothing.
    refuseUnnamedLine(deleted.length, input);
  });
  return readCart(db, owner, locale, input.is_buy_now);
}
