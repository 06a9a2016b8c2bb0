import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, cartItems, colors, flashSaleEnrolments, flashSales, productImages, products, productVariants, shops, sizes } from '../../db/schema.ts';
import type { CartShopGroup, UnavailableCartLine } from '../../../shared/cart.contract.ts';
import { discountPercentage, toAmount } from '../../../shared/money.ts';
import { enrolmentsWithSale, pricingEnrolment, variantDiscountPrice, variantPrice } from '../catalog/product-cards.ts';
import { ownedBy, type CartOwner } from './guest-cart.ts';
import { nameIn, type Translations } from '../../db/translations.ts';

/** A line's colour or size: its name in the store's language and in the others (decision 019). */
export interface LineOption {
  id: number;
  name: string;
  translations: Translations;
}

/** One cart line with what pricing and the cart panel need; money in minor units. */
export interface CartLine {
  cartId: number;
  productId: number;
  variantId: number;
  name: string;
  /** The product's texts in other languages (decision 019): its name in the shopper's. */
  translations: Translations;
  /** The variant's. */
  sku: string;
  thumbnail: string;
  images: string[];
  brand: string | null;
  price: number;
  /** The running flash sale's price when there is one, else the variant's own discount price (0: none). */
  discountPrice: number;
  /** The flash sale enrolment pricing the line (decision 051): checkout counts the units against its cap. */
  sale: LineSale | null;
  /** The product's own rate, basis points; null: the store's (decision 054). */
  taxRate: number | null;
  quantity: number;
  /** The variant's units on the shelf. */
  stock: number;
  /** The product's units on the shelf: its active variants' together. */
  productStock: number;
  unit: string;
  color: LineOption | null;
  size: LineOption | null;
  shopId: number;
  shopName: string;
  shopRating: number;
  /** The shop's delivery charge per order, minor units. */
  deliveryCharge: number;
}

/** The enrolment a line sells under, and its price (minor units). */
export interface LineSale {
  enrolmentId: number;
  flashSaleId: number;
  price: number;
}

export interface ShopLines {
  shopId: number;
  shopName: string;
  shopRating: number;
  deliveryCharge: number;
  lines: CartLine[];
}

export interface CartLineQuery {
  owner: CartOwner;
  isBuyNow: boolean;
  /** Only these shops' lines; all shops when absent. */
  shopIds?: readonly number[];
  /** Inside a transaction: hold the lines, their products and variants (stock) until it ends. */
  lock?: boolean;
}

/**
 * The variant's lowest enrolment that prices now (decision 051) with room under its cap for the
 * line's whole quantity: a line that would pass the cap sells at the normal price.
 */
const lineSale = sql<{ enrolment_id: number; flash_sale_id: number; price: number } | null>`(select json_build_object('enrolment_id', ${flashSaleEnrolments.id},
  'flash_sale_id', ${flashSales.id}, 'price', ${flashSaleEnrolments.salePrice}) from ${enrolmentsWithSale}
  where ${flashSaleEnrolments.variantId} = ${productVariants.id} and ${pricingEnrolment}
  and (${flashSaleEnrolments.stockCap} is null or ${flashSaleEnrolments.sold} + ${cartItems.quantity} <= ${flashSaleEnrolments.stockCap})
  order by ${flashSaleEnrolments.salePrice}, ${flashSaleEnrolments.id} limit 1)`;

const imageUrls = sql<string[]>`(select coalesce(json_agg(${productImages.url} order by ${productImages.sortOrder}, ${productImages.id}), '[]')
  from ${productImages} where ${productImages.productId} = ${products.id})`;

/** The shopper's lines of active variants of active products, oldest first. Lines of what was taken off sale stay hidden. */
export async function loadCartLines(db: Db, { owner, isBuyNow, shopIds, lock = false }: CartLineQuery): Promise<CartLine[]> {
  if (shopIds?.length === 0) return [];
  const query = db
    .select({
      cartId: cartItems.id,
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      translations: products.translations,
      sku: productVariants.sku,
      thumbnail: sql<string>`coalesce(${productVariants.images}[1], ${products.thumbnail})`,
      images: imageUrls,
      brand: brands.name,
      price: variantPrice,
      ownDiscountPrice: variantDiscountPrice,
      lineSale,
      taxRate: products.taxRate,
      quantity: cartItems.quantity,
      stock: productVariants.stock,
      productStock: products.stock,
      unit: cartItems.unit,
      colorId: colors.id,
      colorName: colors.name,
      colorTranslations: colors.translations,
      sizeId: sizes.id,
      sizeName: sizes.name,
      sizeTranslations: sizes.translations,
      shopId: shops.id,
      shopName: shops.name,
      shopRating: shops.rating,
      deliveryCharge: shops.deliveryCharge,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(colors, eq(colors.id, productVariants.colorId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .where(
      and(
        ownedBy(owner, cartItems),
        eq(cartItems.isBuyNow, isBuyNow),
        eq(products.status, 'active'),
        eq(productVariants.isActive, true),
        shopIds ? inArray(products.shopId, [...shopIds]) : undefined,
      ),
    )
    .orderBy(asc(cartItems.id))
    .$dynamic();
  const rows = await (lock ? query.for('update', { of: [cartItems, products, productVariants] }) : query);
  return rows.map(({ ownDiscountPrice, lineSale: sale, colorId, colorName, colorTranslations, sizeId, sizeName, sizeTranslations, shopRating, ...row }) => ({
    ...row,
    discountPrice: sale?.price ?? ownDiscountPrice,
    sale: sale && { enrolmentId: sale.enrolment_id, flashSaleId: sale.flash_sale_id, price: sale.price },
    color: colorId !== null && colorName !== null ? { id: colorId, name: colorName, translations: colorTranslations ?? {} } : null,
    size: sizeId !== null && sizeName !== null ? { id: sizeId, name: sizeName, translations: sizeTranslations ?? {} } : null,
    shopRating: Number(shopRating),
  }));
}

/** The shopper's cart lines of products or variants no longer sold, oldest first (not the buy-now line: it is replaced at the next buy). */
export async function loadUnavailableLines(db: Db, owner: CartOwner): Promise<UnavailableCartLine[]> {
  return db
    .select({ id: products.id, cart_id: cartItems.id, name: products.name, thumbnail: sql<string>`coalesce(${productVariants.images}[1], ${products.thumbnail})`, shop_name: shops.name })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(ownedBy(owner, cartItems), eq(cartItems.isBuyNow, false), sql`not (${products.status} = 'active' and ${productVariants.isActive})`))
    .orderBy(asc(cartItems.id));
}

/** Lines grouped per shop, shops in the order their first line was added. */
export function groupByShop(lines: readonly CartLine[]): ShopLines[] {
  const groups = new Map<number, ShopLines>();
  for (const line of lines) {
    let group = groups.get(line.shopId);
    if (!group) {
      group = { shopId: line.shopId, shopName: line.shopName, shopRating: line.shopRating, deliveryCharge: line.deliveryCharge, lines: [] };
      groups.set(line.shopId, group);
    }
    group.lines.push(line);
  }
  return [...groups.values()];
}

/** The cart groups of the API (docs/product/storefront.md §3), amounts as decimals, colours and sizes named in `locale`. */
export function presentCartGroups(groups: readonly ShopLines[], locale: string): CartShopGroup[] {
  return groups.map((group) => ({
    id: group.shopId,
    shop_id: group.shopId,
    shop_name: group.shopName,
    shop_rating: group.shopRating,
    products: group.lines.map((line) => ({
      id: line.productId,
      cart_id: line.cartId,
      variant_id: line.variantId,
      sku: line.sku,
      thumbnail: line.thumbnail,
      thumbnails: (line.images.length > 0 ? line.images : [line.thumbnail]).map((thumbnail) => ({ thumbnail })),
      brand: line.brand,
      name: nameIn(line, locale),
      price: toAmount(line.price),
      discount_price: toAmount(line.discountPrice),
      discount_percentage: discountPercentage(line.price, line.discountPrice),
      quantity: line.quantity,
      size: line.size && { id: line.size.id, name: nameIn(line.size, locale) },
      color: line.color && { id: line.color.id, name: nameIn(line.color, locale) },
      unit: line.unit,
      shop_id: line.shopId,
      stock: line.stock,
    })),
  }));
}
