import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-actions.ts';
import type { ConsoleProduct, ProductCreate, ProductStatus, ProductUpdate, StockAdjustment } from '../../../shared/catalog-console.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { brands, categories, colors, productColors, productImages, products, productSizes, productVariants, shops, sizes, subCategories, units } from '../../db/schema.ts';
import { mergedTranslations, type Translations, type TranslationsInput } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { sanitizeRichText } from '../content/rich-text.ts';
import { addVariants, lockStockRows, moveStock, setVariantActive } from '../inventory/inventory.service.ts';
import type { LiveEventDependencies } from '../live/live-events.ts';
import { notifyLowStock, publishNotifications } from '../notifications/notifications.service.ts';
import { resolveImageReferences, type ResolvedImage } from '../media/media-library.service.ts';
import { placeholderPath } from '../media/placeholder-image.ts';
import { priceChangeTags, stockChangeTags, type CatalogWrites } from './catalog-writes.ts';
import { productReviewOf, withdrawPendingRevision } from './product-revisions.ts';
import { dictionaryTexts, updateSearchWords } from './search-terms.ts';
import { slugify } from '../../platform/slugs.ts';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const VARIANT_NOT_FOUND_MESSAGE = 'Variant not found';
const SKU_TAKEN = 'The sku has already been taken.';
const COMBINATION_TAKEN = 'Another variant has this colour and size.';
const DISCOUNT_NOT_BELOW_PRICE = 'The discount price must be below the price.';
const NO_ACTIVE_VARIANT = 'A product needs at least one active variant.';
const STOCK_BELOW_ZERO = 'The stock cannot go below 0.';
const STOCK_THROUGH_ADJUSTMENT = "A variant's stock is changed with a stock adjustment.";
const invalid = (field: string) => `The selected ${field} is invalid.`;
/** A new product's unit when none is given (the column's default). */
const DEFAULT_UNIT = 'pc';

/**
 * What a product write shows on: its page, its cards, listings (filters, facets, order), the home
 * page, and the shop list's product counts.
 */
export const productWriteTags = (productId: number) => [...priceChangeTags(productId), cacheTags.shops];

/** The product in the identity's scope; another shop's (or none) is not found. Locked when writing. */
export async function productInScope(tx: Db, identity: ConsoleIdentity, productId: number, { lock = false } = {}) {
  const shopId = shopScope(identity);
  const query = tx
    .select({ id: products.id, shopId: products.shopId, status: products.status })
    .from(products)
    .where(and(eq(products.id, productId), shopId === null ? undefined : eq(products.shopId, shopId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  return row;
}

const amountOrNull = (minor: number | null) => (minor === null ? null : toAmount(minor));
const minorOrNull = (amount: number | null | undefined) => (amount === null || amount === undefined ? null : toMinor(amount));

/** The editor's view of a product (`GET /api/console/products/{id}`). */
export async function loadProduct(db: Db, productId: number): Promise<ConsoleProduct> {
  const [row] = await db
    .select({ product: products, shopName: shops.name })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, productId));
  if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
  // One after another: `db` may be a transaction's connection, which runs one statement at a time
  // (node-postgres queues concurrent ones today and will refuse them from pg 9).
  const images = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  // Retired variants stay for their ledger and orders, out of the editor.
  const variants = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)))
    .orderBy(asc(productVariants.id));
  const review = await productReviewOf(db, productId);
  const { product } = row;
  return {
    id: product.id,
    shop: { id: product.shopId, name: row.shopName },
    name: product.name,
    description: product.description,
    category_id: product.categoryId,
    sub_category_id: product.subCategoryId,
    brand_id: product.brandId,
    unit: product.unit,
    tags: product.tags,
    seo_title: product.seoTitle,
    seo_description: product.seoDescription,
    status: product.status,
    sku: product.sku,
    price: toAmount(product.price),
    discount_price: toAmount(product.discountPrice),
    tax_rate: product.taxRate === null ? null : product.taxRate / 100,
    stock: product.stock,
    translations: product.translations as ConsoleProduct['translations'],
    thumbnail: product.thumbnail,
    images: images.map((image) => image.url),
    variants: variants.map((variant) => ({
      id: variant.id,
      color_id: variant.colorId,
      size_id: variant.sizeId,
      sku: variant.sku,
      barcode: variant.barcode,
      price: amountOrNull(variant.price),
      discount_price: amountOrNull(variant.discountPrice),
      stock: variant.stock,
      images: variant.images,
      is_active: variant.isActive,
    })),
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
    review,
  };
}

export async function readProduct(db: Db, identity: ConsoleIdentity, productId: number): Promise<ConsoleProduct> {
  await productInScope(db, identity, productId);
  return loadProduct(db, productId);
}

/** What the audit log compares: every edited field; stock moves are audited by the stock call. */
function audited(product: ConsoleProduct): Record<string, unknown> {
  const { id: _id, stock: _stock, created_at: _created, updated_at: _updated, review: _review, shop, variants, ...fields } = product;
  return { ...fields, shop_id: shop.id, variants: variants.map(({ stock: _variantStock, ...variant }) => variant) };
}

/** Brand, category and sub-category names: the search vector's middle weight. */
export async function keywordsOf(tx: Db, { categoryId, subCategoryId, brandId }: { categoryId: number; subCategoryId: number | null; brandId: number | null }) {
  const [row] = await tx
    .select({ category: categories.name, subCategory: subCategories.name, brand: brands.name })
    .from(categories)
    .leftJoin(subCategories, subCategoryId === null ? sql`false` : eq(subCategories.id, subCategoryId))
    .leftJoin(brands, brandId === null ? sql`false` : eq(brands.id, brandId))
    .where(eq(categories.id, categoryId));
  return [row?.brand, row?.category, row?.subCategory].filter(Boolean).join(' ');
}

interface VariantInput {
  id?: number;
  color_id?: number | null;
  size_id?: number | null;
  sku?: string;
  price?: number | null;
  discount_price?: number | null;
}

/** What a product already has: kept even when archived since (an edit that leaves them alone goes through). */
interface KeptReferences {
  unit?: string;
  categoryId?: number;
  subCategoryId?: number | null;
  brandId?: number | null;
  colorIds?: ReadonlySet<number | null>;
  sizeIds?: ReadonlySet<number | null>;
}

/**
 * Refuses ids that name nothing (a category, a sub-category of another category, a brand, a colour or
 * size) or a unit not in the units' list, or an archived one the product does not already have, with
 * field errors.
 */
export async function checkReferences(
  tx: Db,
  refs: { categoryId: number; subCategoryId: number | null; brandId: number | null; unit?: string },
  variants: readonly VariantInput[],
  kept: KeptReferences = {},
) {
  const errors: FieldErrors = {};
  const usable = (row: { isActive: boolean } | undefined, id: number | null | undefined, keptId: number | null | undefined) => row !== undefined && (row.isActive || id === keptId);
  // A product keeps the unit it has, even one archived (or renamed away) since.
  if (refs.unit !== undefined && refs.unit !== kept.unit) {
    const [unit] = await tx.select({ id: units.id }).from(units).where(and(eq(units.name, refs.unit), eq(units.isActive, true)));
    if (!unit) errors.unit = [invalid('unit')];
  }
  const [category] = await tx.select({ isActive: categories.isActive }).from(categories).where(eq(categories.id, refs.categoryId));
  if (!usable(category, refs.categoryId, kept.categoryId)) errors.category_id = [invalid('category id')];
  if (refs.subCategoryId !== null) {
    const [sub] = await tx.select({ categoryId: subCategories.categoryId, isActive: subCategories.isActive }).from(subCategories).where(eq(subCategories.id, refs.subCategoryId));
    if (sub?.categoryId !== refs.categoryId || !usable(sub, refs.subCategoryId, kept.subCategoryId)) errors.sub_category_id = [invalid('sub category id')];
  }
  if (refs.brandId !== null) {
    const [brand] = await tx.select({ isActive: brands.isActive }).from(brands).where(eq(brands.id, refs.brandId));
    if (!usable(brand, refs.brandId, kept.brandId)) errors.brand_id = [invalid('brand id')];
  }
  const colorIds = variants.flatMap((variant) => (variant.color_id ? [variant.color_id] : []));
  const sizeIds = variants.flatMap((variant) => (variant.size_id ? [variant.size_id] : []));
  const usableIds = (rows: Array<{ id: number; isActive: boolean }>, keptIds: ReadonlySet<number | null> | undefined) => new Set(rows.filter((row) => row.isActive || keptIds?.has(row.id)).map((row) => row.id));
  const knownColors = usableIds(colorIds.length > 0 ? await tx.select({ id: colors.id, isActive: colors.isActive }).from(colors).where(inArray(colors.id, colorIds)) : [], kept.colorIds);
  const knownSizes = usableIds(sizeIds.length > 0 ? await tx.select({ id: sizes.id, isActive: sizes.isActive }).from(sizes).where(inArray(sizes.id, sizeIds)) : [], kept.sizeIds);
  variants.forEach((variant, index) => {
    if (variant.color_id && !knownColors.has(variant.color_id)) errors[`variants.${index}.color_id`] = [invalid('color id')];
    if (variant.size_id && !knownSizes.has(variant.size_id)) errors[`variants.${index}.size_id`] = [invalid('size id')];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Refuses SKUs another product or variant holds, or that the request repeats, each under its field.
 * A variant keeps its own SKU; a product's default variant may share the product's.
 */
async function checkSkus(tx: Db, productId: number | null, productSku: string | undefined, variants: readonly VariantInput[]) {
  const errors: FieldErrors = {};
  if (productSku !== undefined) {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, productSku), productId === null ? undefined : ne(products.id, productId)));
    if (taken) errors.sku = [SKU_TAKEN];
  }
  const skus = variants.flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku]));
  const holders = skus.length > 0 ? await tx.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, skus)) : [];
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    if (variant.sku === undefined) return;
    const holder = holders.find((row) => row.sku === variant.sku);
    if (seen.has(variant.sku) || (holder && holder.id !== variant.id)) errors[`variants.${index}.sku`] = [SKU_TAKEN];
    seen.add(variant.sku);
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** A discount at or above what it discounts is refused under its field, the product's and each variant's. */
/** A percentage as the product keeps it, in basis points; null (or none given): the store's rate. */
const basisPoints = (percent: number | null | undefined) => (percent == null ? null : Math.round(percent * 100));

function checkPrices(price: number, discountPrice: number, variants: ReadonlyArray<{ price: number | null; discountPrice: number | null; index: number }>) {
  const errors: FieldErrors = {};
  if (discountPrice >= price) errors.discount_price = [DISCOUNT_NOT_BELOW_PRICE];
  for (const variant of variants) {
    if (variant.discountPrice === null) continue;
    if (variant.discountPrice >= (variant.price ?? price)) errors[`variants.${variant.index}.discount_price`] = [DISCOUNT_NOT_BELOW_PRICE];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The database settles a race the checks above cannot see: two writes taking one SKU or combination at once. */
const takenValues: Record<string, FieldErrors> = {
  products_sku_unique: { sku: [SKU_TAKEN] },
  product_variants_sku_unique: { variants: [SKU_TAKEN] },
  product_variants_one_per_combination: { variants: [COMBINATION_TAKEN] },
};
export const refusingTakenValues = <Result>(work: () => Promise<Result>) => refusingTaken(work, (constraint) => takenValues[constraint]);

/** Translations as stored: given locales replace their texts (descriptions sanitised), empty texts dropped. */
function productTranslations(current: Translations, given: ProductCreate['translations']): Translations {
  const sanitized = Object.entries(given ?? {}).map(([locale, texts]) => [locale, texts && { ...texts, ...(texts.description !== undefined && { description: sanitizeRichText(texts.description) }) }]);
  return mergedTranslations(current, Object.fromEntries(sanitized) as TranslationsInput);
}

async function replaceImages(tx: Db, productId: number, images: readonly string[]) {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length > 0) await tx.insert(productImages).values(images.map((url, sortOrder) => ({ productId, url, sortOrder })));
}

/** The colours and sizes a product offers are those of its active variants. */
async function syncOptions(tx: Db, productId: number) {
  await tx.delete(productColors).where(eq(productColors.productId, productId));
  await tx.delete(productSizes).where(eq(productSizes.productId, productId));
  await tx.execute(sql`insert into ${productColors} (product_id, color_id)
    select distinct ${productId}::int, color_id from ${productVariants} where product_id = ${productId} and is_active and color_id is not null`);
  await tx.execute(sql`insert into ${productSizes} (product_id, size_id)
    select distinct ${productId}::int, size_id from ${productVariants} where product_id = ${productId} and is_active and size_id is not null`);
  const [active] = await tx.select({ count: sql<number>`count(*)::int` }).from(productVariants).where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)));
  if (!active?.count) throw validationFailed({ variants: [NO_ACTIVE_VARIANT] });
}

const newSlug = (name: string) => `${slugify(name) || 'product'}-${randomBytes(4).toString('hex')}`;

/** The shop a new product goes to: a seller's own; the store's staff name an existing one. */
async function shopForNewProduct(tx: Db, identity: ConsoleIdentity, requested: number | undefined): Promise<number> {
  const own = shopScope(identity);
  if (own !== null) {
    if (requested !== undefined && requested !== own) throw validationFailed({ shop_id: [invalid('shop id')] });
    return own;
  }
  if (requested === undefined) throw validationFailed({ shop_id: ['The shop id field is required.'] });
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, requested));
  if (!shop) throw validationFailed({ shop_id: [invalid('shop id')] });
  return requested;
}

type ImageReference = number | string;
/** A variant input with its image resolved to the address stored. */
type WithImageUrls<Variant> = Omit<Variant, 'images'> & { images?: string[] };

/** Whether a picture may be shown on a product of `productShopId`: a seller's people use their shop's library only, the store's staff theirs too. */
function mayAttach(identity: ConsoleIdentity, productShopId: number, image: ResolvedImage): boolean {
  if (image.shopId === undefined) return true;
  const own = shopScope(identity);
  return own === null ? image.shopId === null || image.shopId === productShopId : image.shopId === own;
}

/**
 * Turns the images a write names into the addresses stored (a media id into its picture's) and
 * refuses, each under its field, an id or library address that names no picture or another shop's.
 */
async function withImageUrls<Variant extends { images?: ImageReference[] }>(
  tx: Db,
  identity: ConsoleIdentity,
  productShopId: number,
  images: readonly ImageReference[] | undefined,
  variants: readonly Variant[],
): Promise<{ images: string[] | undefined; variants: WithImageUrls<Variant>[] }> {
  const listed = (references: readonly ImageReference[] | undefined, field: string) =>
    (references ?? []).map((reference, index) => ({ field: `${field}.${index}`, label: 'images', reference }));
  const named = [...listed(images, 'images'), ...variants.flatMap((variant, index) => listed(variant.images, `variants.${index}.images`))];
  const resolved = await resolveImageReferences(tx, named.map((entry) => entry.reference));
  const urls = new Map<string, string>();
  const errors: FieldErrors = {};
  named.forEach((entry, index) => {
    const image = resolved[index];
    if (image && mayAttach(identity, productShopId, image)) urls.set(entry.field, image.url);
    else errors[entry.field] = [invalid(entry.label)];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const storedUrls = (references: readonly ImageReference[] | undefined, field: string) => references?.map((_reference, index) => urls.get(`${field}.${index}`)!);
  return {
    images: storedUrls(images, 'images'),
    variants: variants.map((variant, index) => ({ ...variant, images: storedUrls(variant.images, `variants.${index}.images`) })),
  };
}

/**
 * The status a product is stored with: one meant to be on sale is `active` while its shop is
 * approved and `withheld` while it is not (decision 029), whichever of the two was asked for.
 */
export async function storedStatus(tx: Db, shopId: number, requested: ProductStatus): Promise<ProductStatus> {
  if (requested !== 'active' && requested !== 'withheld') return requested;
  const [shop] = await tx.select({ status: shops.status }).from(shops).where(eq(shops.id, shopId));
  return shop?.status === 'approved' ? 'active' : 'withheld';
}

const newVariantRow = (productId: number, variant: WithImageUrls<ProductCreate['variants'][number]>) => ({
  productId,
  colorId: variant.color_id ?? null,
  sizeId: variant.size_id ?? null,
  sku: variant.sku,
  barcode: variant.barcode ?? null,
  price: minorOrNull(variant.price),
  discountPrice: minorOrNull(variant.discount_price),
  images: variant.images ?? [],
  isActive: variant.is_active ?? true,
  stock: variant.stock ?? 0,
});

/**
 * `POST /api/console/products`: the product, its images and variants (each starting stock an entry
 * of the stock ledger), its words in the search dictionary and its audit row, in one transaction.
 */
export async function createProduct({ db, caches }: CatalogWrites, identity: ConsoleIdentity, input: ProductCreate, context: AuditContext): Promise<ConsoleProduct> {
  const productId = await refusingTakenValues(() => inRetriedTransaction(db, (tx) => insertProduct(tx, identity, input, context)));
  caches.invalidate(productWriteTags(productId));
  return loadProduct(db, productId);
}

/** `createProduct`'s write in the caller's transaction; answers the new product's id. */
export async function insertProduct(tx: Db, identity: ConsoleIdentity, input: ProductCreate, context: AuditContext): Promise<number> {
  const shopId = await shopForNewProduct(tx, identity, input.shop_id);
  const refs = { categoryId: input.category_id, subCategoryId: input.sub_category_id ?? null, brandId: input.brand_id ?? null };
  const unit = input.unit ?? DEFAULT_UNIT;
  await checkReferences(tx, { ...refs, unit }, input.variants);
  await checkSkus(tx, null, input.sku, input.variants);
  const price = toMinor(input.price);
  checkPrices(price, toMinor(input.discount_price ?? 0), input.variants.map((variant, index) => ({ price: minorOrNull(variant.price), discountPrice: minorOrNull(variant.discount_price), index })));
  const slug = newSlug(input.name);
  const resolved = await withImageUrls(tx, identity, shopId, input.images, input.variants);
  const images = resolved.images ?? [];
  const [created] = await tx
    .insert(products)
    .values({
      shopId,
      ...refs,
      name: input.name,
      slug,
      sku: input.sku,
      description: sanitizeRichText(input.description ?? ''),
      translations: productTranslations({}, input.translations),
      unit,
      tags: input.tags ?? [],
      seoTitle: input.seo_title ?? '',
      seoDescription: input.seo_description ?? '',
      status: await storedStatus(tx, shopId, input.status ?? 'draft'),
      thumbnail: images[0] ?? placeholderPath('product', slug),
      price,
      discountPrice: toMinor(input.discount_price ?? 0),
      taxRate: basisPoints(input.tax_rate),
      stock: 0,
      keywords: await keywordsOf(tx, refs),
      createdAt: context.now,
      updatedAt: context.now,
    })
    .returning({ id: products.id });
  const id = created!.id;
  await replaceImages(tx, id, images);
  await addVariants(tx, resolved.variants.map((variant) => newVariantRow(id, variant)), { actorId: context.actorUserId, now: context.now });
  await syncOptions(tx, id);
  await updateSearchWords(tx, [id]);
  await recordAudit(tx, context, { action: 'product.create', entityType: 'product', entityId: id, shopId, before: null, after: audited(await loadProduct(tx, id)) });
  return id;
}

type VariantEdit = NonNullable<ProductUpdate['variants']>[number] & {
  /** A new row whose combination comes back on one of the product's variants (its ledger and SKU kept). */
  returning?: boolean;
};

/**
 * An edit's variants, each new combination on the variant of the product that has it when that
 * variant is retired or left out of this edit: the combination is one row, with one ledger, however
 * often it is removed and made again.
 */
async function withReturningVariants(tx: Db, productId: number, variants: readonly VariantEdit[]): Promise<VariantEdit[]> {
  const named = new Set(variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
  const rows = await tx.select({ id: productVariants.id, colorId: productVariants.colorId, sizeId: productVariants.sizeId }).from(productVariants).where(eq(productVariants.productId, productId));
  const free = rows.filter((row) => !named.has(row.id));
  return variants.map((variant) => {
    if (variant.id !== undefined) return variant;
    const back = free.find((row) => row.colorId === (variant.color_id ?? null) && row.sizeId === (variant.size_id ?? null));
    if (!back) return variant;
    free.splice(free.indexOf(back), 1);
    return { ...variant, id: back.id, returning: true };
  });
}

/**
 * Applies an edit's variants, which are the product's whole list: retires those left out (off sale
 * and out of the editor, their ledger and order lines kept), changes the named ones (never their
 * stock), brings back returning ones (a starting stock given is added as a new variant's is), adds the new ones.
 */
async function applyVariantEdits(tx: Db, productId: number, variants: WithImageUrls<VariantEdit>[], context: AuditContext) {
  const own = new Map((await tx.select({ id: productVariants.id, retiredAt: productVariants.retiredAt }).from(productVariants).where(eq(productVariants.productId, productId))).map((row) => [row.id, row]));
  const errors: FieldErrors = {};
  variants.forEach((variant, index) => {
    if (variant.id !== undefined && !own.has(variant.id)) errors[`variants.${index}.id`] = [invalid('id')];
    if (variant.id !== undefined && !variant.returning && variant.stock !== undefined) errors[`variants.${index}.stock`] = [STOCK_THROUGH_ADJUSTMENT];
    if (variant.id === undefined && variant.sku === undefined) errors[`variants.${index}.sku`] = ['The sku field is required.'];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const kept = new Set(variants.map((variant) => variant.id));
  for (const [id, row] of own) {
    if (kept.has(id) || row.retiredAt !== null) continue;
    await setVariantActive(tx, id, false);
    await tx.update(productVariants).set({ retiredAt: context.now }).where(eq(productVariants.id, id));
  }
  const added = variants.filter((variant) => variant.id === undefined);
  for (const variant of variants) {
    if (variant.id === undefined) continue;
    const { id } = variant;
    const back = own.get(id)!.retiredAt !== null;
    const changes = {
      ...(variant.color_id !== undefined && { colorId: variant.color_id }),
      ...(variant.size_id !== undefined && { sizeId: variant.size_id }),
      ...(variant.sku !== undefined && { sku: variant.sku }),
      ...(variant.barcode !== undefined && { barcode: variant.barcode }),
      ...(variant.price !== undefined && { price: minorOrNull(variant.price) }),
      ...(variant.discount_price !== undefined && { discountPrice: minorOrNull(variant.discount_price) }),
      ...(variant.images !== undefined && { images: variant.images }),
      ...(back && { retiredAt: null }),
    };
    if (Object.keys(changes).length > 0) await tx.update(productVariants).set(changes).where(eq(productVariants.id, id));
    const isActive = variant.is_active ?? (back ? true : undefined);
    if (isActive !== undefined) await setVariantActive(tx, id, isActive);
    if (variant.returning && variant.stock) await moveStock(tx, [{ variantId: id, change: variant.stock }], { reason: 'import', actorId: context.actorUserId, now: context.now });
  }
  await addVariants(tx, added.map((variant) => newVariantRow(productId, { ...variant, sku: variant.sku! })), { actorId: context.actorUserId, now: context.now });
}

/**
 * `PATCH /api/console/products/{id}`: the fields given, translations, images and variants, with the
 * search dictionary kept in step and an audit row of what changed, in one transaction.
 */
export async function updateProduct({ db, caches }: CatalogWrites, identity: ConsoleIdentity, productId: number, input: ProductUpdate, context: AuditContext): Promise<ConsoleProduct> {
  await refusingTakenValues(() => inRetriedTransaction(db, (tx) => writeProductUpdate(tx, identity, productId, input, context)));
  caches.invalidate(productWriteTags(productId));
  return loadProduct(db, productId);
}

/** How an edit is audited: as an edit, or as the store's approval of a seller's proposal (`note` names it). */
interface EditAudit {
  action: AuditAction;
  note?: Record<string, unknown>;
}

/** `updateProduct`'s write in the caller's transaction (a seller's approved proposal goes through it too). */
export async function writeProductUpdate(tx: Db, identity: ConsoleIdentity, productId: number, input: ProductUpdate, context: AuditContext, audit: EditAudit = { action: 'product.update' }): Promise<void> {
  await productInScope(tx, identity, productId, { lock: true });
  const [current] = await tx.select().from(products).where(eq(products.id, productId));
  const before = await loadProduct(tx, productId);
  const refs = {
    categoryId: input.category_id ?? current!.categoryId,
    subCategoryId: input.sub_category_id === undefined ? (input.category_id === undefined ? current!.subCategoryId : null) : input.sub_category_id,
    brandId: input.brand_id === undefined ? current!.brandId : input.brand_id,
  };
  const variants = await withReturningVariants(tx, productId, input.variants ?? []);
  await checkReferences(tx, { ...refs, unit: input.unit }, variants, {
    unit: current!.unit,
    categoryId: current!.categoryId,
    subCategoryId: current!.subCategoryId,
    brandId: current!.brandId,
    colorIds: new Set(before.variants.map((variant) => variant.color_id)),
    sizeIds: new Set(before.variants.map((variant) => variant.size_id)),
  });
  await checkSkus(tx, productId, input.sku, variants);
  const price = input.price === undefined ? current!.price : toMinor(input.price);
  const discountPrice = input.discount_price === undefined ? current!.discountPrice : toMinor(input.discount_price);
  const stored = new Map(before.variants.map((variant) => [variant.id, variant]));
  checkPrices(
    price,
    discountPrice,
    variants.map((variant, index) => {
      const was = variant.id === undefined ? undefined : stored.get(variant.id);
      return {
        price: variant.price === undefined ? minorOrNull(was?.price) : minorOrNull(variant.price),
        discountPrice: variant.discount_price === undefined ? minorOrNull(was?.discount_price) : minorOrNull(variant.discount_price),
        index,
      };
    }),
  );
  const keywords = await keywordsOf(tx, refs);
  const resolved = await withImageUrls(tx, identity, current!.shopId, input.images, variants);
  await tx
    .update(products)
    .set({
      ...refs,
      ...(input.name !== undefined && { name: input.name }),
      ...(input.sku !== undefined && { sku: input.sku }),
      ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
      ...(input.translations !== undefined && { translations: productTranslations(current!.translations, input.translations) }),
      ...(input.unit !== undefined && { unit: input.unit }),
      ...(input.tags !== undefined && { tags: input.tags }),
      ...(input.seo_title !== undefined && { seoTitle: input.seo_title }),
      ...(input.seo_description !== undefined && { seoDescription: input.seo_description }),
      ...(input.status !== undefined && { status: await storedStatus(tx, current!.shopId, input.status) }),
      ...(resolved.images !== undefined && { thumbnail: resolved.images[0] ?? placeholderPath('product', current!.slug) }),
      price,
      discountPrice,
      ...(input.tax_rate !== undefined && { taxRate: basisPoints(input.tax_rate) }),
      keywords,
      updatedAt: context.now,
    })
    .where(eq(products.id, productId));
  if (resolved.images !== undefined) await replaceImages(tx, productId, resolved.images);
  if (input.variants !== undefined) {
    await applyVariantEdits(tx, productId, resolved.variants, context);
    await syncOptions(tx, productId);
  }
  await updateSearchWords(tx, [productId], dictionaryTexts(current!));
  await recordAudit(tx, context, { action: audit.action, entityType: 'product', entityId: productId, shopId: current!.shopId, before: audited(before), after: { ...audited(await loadProduct(tx, productId)), ...audit.note } });
}

/** `-COPY`, `-COPY2`, …: the first suffix under which the product's SKU and every variant's are free. */
async function freeCopySuffix(tx: Db, skus: readonly string[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const suffix = attempt === 1 ? '-COPY' : `-COPY${attempt}`;
    const candidates = skus.map((sku) => sku + suffix);
    const [product] = await tx.select({ id: products.id }).from(products).where(inArray(products.sku, candidates)).limit(1);
    const [variant] = await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.sku, candidates)).limit(1);
    if (!product && !variant) return suffix;
  }
}

/**
 * `POST /api/console/products/{id}/duplicate`: a draft with the product's fields, images and
 * variants (SKUs suffixed, no stock). A draft shows nowhere in the storefront, so no cache changes.
 */
export async function duplicateProduct({ db }: CatalogWrites, identity: ConsoleIdentity, productId: number, context: AuditContext): Promise<ConsoleProduct> {
  const copyId = await refusingTakenValues(() =>
    inRetriedTransaction(db, async (tx) => {
      await productInScope(tx, identity, productId);
      const [source] = await tx.select().from(products).where(eq(products.id, productId));
      const original = await loadProduct(tx, productId);
      const suffix = await freeCopySuffix(tx, [source!.sku, ...original.variants.map((variant) => variant.sku)]);
      const slug = newSlug(source!.name);
      const { id: _id, slug: _slug, searchVector: _vector, totalSold: _sold, rankedSold: _ranked, viewCount: _views, popularViews: _popular, rating: _rating, reviewCount: _reviews, stock: _stock, ...fields } = source!;
      const [copy] = await tx
        .insert(products)
        .values({ ...fields, slug, sku: source!.sku + suffix, status: 'draft', stock: 0, createdAt: context.now, updatedAt: context.now })
        .returning({ id: products.id });
      const id = copy!.id;
      await replaceImages(tx, id, original.images);
      const variants = await tx
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), isNull(productVariants.retiredAt)))
        .orderBy(asc(productVariants.id));
      await addVariants(
        tx,
        variants.map(({ id: _variantId, createdAt: _created, retiredAt: _retired, ...variant }) => ({ ...variant, productId: id, sku: variant.sku + suffix, stock: 0 })),
        { actorId: context.actorUserId, now: context.now },
      );
      await syncOptions(tx, id);
      await recordAudit(tx, context, {
        action: 'product.duplicate',
        entityType: 'product',
        entityId: id,
        shopId: source!.shopId,
        before: null,
        after: { ...audited(await loadProduct(tx, id)), duplicated_from: productId },
      });
      return id;
    }),
  );
  return loadProduct(db, copyId);
}

/**
 * `POST /api/console/products/{id}/archive`: the product leaves the storefront (listings, search,
 * its page, carts) and its words the search dictionary; nothing is deleted, so its orders and ledger
 * keep it. Archiving an archived product changes nothing.
 */
export async function archiveProduct({ db, caches }: CatalogWrites, identity: ConsoleIdentity, productId: number, context: AuditContext): Promise<ConsoleProduct> {
  const archived = await inRetriedTransaction(db, async (tx) => {
    await productInScope(tx, identity, productId, { lock: true });
    const [current] = await tx.select({ status: products.status, name: products.name, keywords: products.keywords, translations: products.translations, shopId: products.shopId }).from(products).where(eq(products.id, productId));
    if (current!.status === 'archived') return false;
    await tx.update(products).set({ status: 'archived', updatedAt: context.now }).where(eq(products.id, productId));
    await withdrawPendingRevision(tx, productId);
    await updateSearchWords(tx, [], dictionaryTexts(current!));
    await recordAudit(tx, context, { action: 'product.archive', entityType: 'product', entityId: productId, shopId: current!.shopId, before: { status: current!.status }, after: { status: 'archived' } });
    return true;
  });
  if (archived) caches.invalidate(productWriteTags(productId));
  return loadProduct(db, productId);
}

/**
 * `POST /api/console/products/{id}/variants/{variantId}/stock`: units on or off the shelf through the
 * stock ledger. The rows are locked before the stock is read, so of two requests at once the second
 * sees the first's result, and neither can take the stock below 0.
 */
export async function adjustVariantStock({ db, caches, events, log }: CatalogWrites & LiveEventDependencies, identity: ConsoleIdentity, productId: number, variantId: number, input: StockAdjustment, context: AuditContext) {
  const result = await inRetriedTransaction(db, async (tx) => {
    const product = await productInScope(tx, identity, productId);
    const [owned] = await tx.select({ id: productVariants.id }).from(productVariants).where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    if (!owned) throw notFound(VARIANT_NOT_FOUND_MESSAGE);
    await lockStockRows(tx, [variantId]);
    const [before] = await tx
      .select({ stock: productVariants.stock, productStock: products.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    if (before!.stock + input.change < 0) throw validationFailed({ change: [STOCK_BELOW_ZERO] });
    const levels = await moveStock(tx, [{ variantId, change: input.change, reference: input.reference || null }], { reason: input.reason, actorId: context.actorUserId, note: input.note || null, now: context.now }, { locked: true });
    const [after] = await tx.update(products).set({ updatedAt: context.now }).where(eq(products.id, productId)).returning({ stock: products.stock });
    const field = `variants.${variantId}.stock`;
    await recordAudit(tx, context, {
      action: 'product.adjust_stock',
      entityType: 'product',
      entityId: productId,
      shopId: product.shopId,
      before: { [field]: before!.stock },
      after: { [field]: before!.stock + input.change, stock_reason: input.reason, ...(input.reference && { stock_reference: input.reference }), ...(input.note && { stock_note: input.note }) },
    });
    const notifications = await notifyLowStock(tx, levels, context.now);
    return { crossedZero: (before!.productStock === 0) !== (after!.stock === 0), productStock: after!.stock, notifications };
  });
  caches.invalidate(stockChangeTags([{ productId, crossedZero: result.crossedZero }]));
  await publishNotifications({ db, events, log }, result.notifications);
  const variant = (await loadProduct(db, productId)).variants.find((candidate) => candidate.id === variantId)!;
  return { variant, product_stock: result.productStock };
}
