import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_HOME_LAYOUT } from '../../shared/home-content.contract.ts';
import { insertBanner, writeHomeLayout } from '../features/content/home-content.service.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/client.ts';
import {
  brands,
  categories,
  colors,
  productColors,
  productImages,
  products,
  productSizes,
  productVariants,
  reviews,
  shops,
  sizes,
  subCategories,
  units,
} from '../db/schema.ts';
import { updateSearchWords } from '../features/catalog/search-terms.ts';
import { placeholderPath } from '../features/media/placeholder-image.ts';
import { enrolVariants } from '../features/flash-sales/enrolments.service.ts';
import { createFlashSale } from '../features/flash-sales/flash-sales.service.ts';
import { toAmount } from '../../shared/money.ts';
import { slugify } from '../platform/slugs.ts';
import { addSeededVariants } from './variants.seed.ts';
import type { Translations } from '../db/translations.ts';
import { bannerTranslations, colorTranslations, flashSaleTranslations } from './data/catalog-translations.ts';
import { productTranslations } from './data/product-translations.ts';
import {
  brandNames,
  catalogSeeds,
  categoryComments,
  clothingSizes,
  colorSeeds,
  reviewComments,
  reviewerNames,
  shoeSizes,
  shopSeeds,
  sizeSeeds,
  unitSeeds,
  type ItemSeed,
  type SubCategorySeed,
} from './data/catalog-items.ts';

export const DEMO_PRODUCT_COUNT = 240;
const RANDOM_SEED = 0x5eed_2024;
const DAY_MS = 86_400_000;
const BATCH_SIZE = 500;

/** mulberry32: a tiny seeded PRNG, so every seed run produces the same catalogue. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** An integer between min and max, both included. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(probability: number) {
    return this.next() < probability;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
  /** An index drawn with the given relative weights. */
  weighted(weights: readonly number[]) {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [index, weight] of weights.entries()) {
      roll -= weight;
      if (roll < 0) return index;
    }
    return weights.length - 1;
  }
}

/** Rounds down to a "charm" price: ...99 from 10.00 up, ...9 below (8760 -> 8699, 412 -> 409). */
export function charmPrice(minor: number): number {
  const step = minor >= 1000 ? 100 : 10;
  return Math.floor((Math.floor(minor) + 1) / step) * step - 1;
}

export interface ProductPlan {
  categorySlug: string;
  subCategorySlug: string;
  shopSlug: string;
  brandName: string;
  name: string;
  /** The name in Arabic and Persian, a variant's with its variant after it as in English. */
  translations: Translations;
  slug: string;
  sku: string;
  description: string;
  unit: string;
  price: number;
  /** 0 when the product is not discounted. */
  discountPrice: number;
  taxRate: number;
  stock: number;
  status: 'active' | 'draft';
  totalSold: number;
  viewCount: number;
  createdAt: Date;
  /** The first is the thumbnail. */
  images: string[];
  colors: string[];
  sizes: string[];
}

export interface ReviewPlan {
  productSlug: string;
  reviewerName: string;
  rating: number;
  comment: string;
  createdAt: Date;
  /** Why the store hid it from shoppers, if it did. */
  hiddenReason?: string;
}

export interface FlashSalePlan {
  name: string;
  thumbnail: string;
  startsAt: Date;
  endsAt: Date;
  /** When shops may enrol: the demo's shops enrol at seeding time, inside it. */
  enrolmentStartsAt: Date;
  enrolmentEndsAt: Date;
  items: Array<{ productSlug: string; price: number }>;
}

export interface BannerPlan {
  title: string;
  subtitle: string;
  image: string;
  /** A link, or the index of the flash sale (in `flashSales`) to link to once its id is known. */
  link: string | { flashSale: number };
}

export interface DemoCatalog {
  shops: Array<(typeof shopSeeds)[number] & { logo: string; banner: string }>;
  brands: Array<{ name: string; slug: string; logo: string }>;
  colors: Array<{ name: string; code: string; translations: Translations }>;
  sizes: Array<{ name: string; sortOrder: number }>;
  units: Array<{ name: string; sortOrder: number }>;
  products: ProductPlan[];
  reviews: ReviewPlan[];
  flashSales: FlashSalePlan[];
  banners: BannerPlan[];
}

interface Draft {
  sub: SubCategorySeed;
  item: ItemSeed;
  itemIndex: number;
  variant?: string;
  variantIndex: number;
}

/** The demo items, extended with variants ("Slim Fit Oxford Shirt (Navy)") until there are `count`. */
function pickItems(count: number): Draft[] {
  const drafts: Draft[] = catalogSeeds.flatMap((sub) =>
    sub.items.map((item, itemIndex) => ({ sub, item, itemIndex, variantIndex: -1 })),
  );
  for (let round = 0; drafts.length < count; round++) {
    const sub = catalogSeeds[round % catalogSeeds.length]!;
    const pass = Math.floor(round / catalogSeeds.length);
    const itemIndex = pass % sub.items.length;
    const variantIndex = Math.floor(pass / sub.items.length) % sub.variants.length;
    drafts.push({ sub, item: sub.items[itemIndex]!, itemIndex, variant: sub.variants[variantIndex], variantIndex });
  }
  return drafts.slice(0, count);
}

/** The item's name in every language it has one in, with the variant after it, as `variantName` puts it in English. */
function translatedName(name: string, variant: string | undefined): Translations {
  const capacity = variant && /^(\d+)(GB|TB)$/.exec(variant);
  const named = capacity && new RegExp(`\\b(\\d+)${capacity[2]}\\b`).exec(name);
  const inLanguage = (text: string) => (!variant ? text : named ? text.replace(named[1]!, capacity[1]!) : `${text} (${variant})`);
  const names = Object.entries(productTranslations[name] ?? {}).map(([locale, texts]) => [locale, { name: inLanguage(texts!.name!) }]);
  return Object.fromEntries(names) as Translations;
}

function variantName(name: string, variant: string) {
  // "iPhone 15 Pro 128GB" + "256GB" is "iPhone 15 Pro 256GB", not "... 128GB (256GB)".
  if (/^\d+(GB|TB)$/.test(variant) && /\b\d+(GB|TB)\b/.test(name)) return name.replace(/\b\d+(GB|TB)\b/, variant);
  return `${name} (${variant})`;
}

function uniqueValue(value: string, used: Set<string>) {
  let candidate = value;
  for (let n = 2; used.has(candidate); n++) candidate = `${value}-${n}`;
  used.add(candidate);
  return candidate;
}

function contiguous<T>(items: readonly T[], random: Random, minLength: number): T[] {
  const length = random.int(minLength, items.length);
  const start = random.int(0, items.length - length);
  return items.slice(start, start + length);
}

/**
 * The whole demo catalogue as plain data. Pure: the same `now` always gives the same catalogue,
 * and only the dates move with it.
 */
export function buildDemoCatalog(now: Date, productCount = DEMO_PRODUCT_COUNT): DemoCatalog {
  const random = new Random(RANDOM_SEED);
  const nowMs = now.getTime();
  const drafts = pickItems(productCount);

  // Which products are out of stock, nearly sold out, drafts or discounted: fixed shares, spread at random.
  const order = random.shuffle(drafts.map((_, index) => index));
  const outOfStock = new Set(order.slice(0, Math.round(drafts.length * 0.08)));
  const lowStock = new Set(order.slice(outOfStock.size, outOfStock.size + 6));
  const draft = new Set(order.slice(outOfStock.size + lowStock.size, outOfStock.size + lowStock.size + 3));
  const discounted = new Set(random.shuffle(drafts.map((_, index) => index)).slice(0, Math.round(drafts.length * 0.35)));

  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const skuCounters = new Map<string, number>();

  const productPlans = drafts.map((entry, index): ProductPlan => {
    const { sub, item, variant } = entry;
    const name = uniqueValue(variant ? variantName(item.name, variant) : item.name, usedNames);
    const slug = uniqueValue(slugify(name), usedSlugs);
    const prefix = sub.category.slice(0, 3).toUpperCase();
    const skuNumber = (skuCounters.get(prefix) ?? 0) + 1;
    skuCounters.set(prefix, skuNumber);

    const priceFactor = variant ? 1 + 0.15 * (entry.variantIndex + 1) : 1;
    const price = variant ? charmPrice(item.price * priceFactor) : item.price;
    let discountPrice = 0;
    if (discounted.has(index)) {
      const candidate = charmPrice(price * (1 - (0.05 + random.next() * 0.35)));
      if (candidate > 0 && candidate < price) discountPrice = candidate;
    }

    const isDraft = draft.has(index);
    const stock = outOfStock.has(index) ? 0 : lowStock.has(index) ? random.int(1, 3) : random.int(5, 200);
    const ageDays = isDraft ? random.next() * 3 : 1 + random.next() * 119;
    const totalSold = isDraft ? 0 : Math.floor(5000 * random.next() ** 3);
    const viewCount = isDraft
      ? random.int(0, 40)
      : Math.min(20_000, totalSold * random.int(2, 4) + Math.floor(random.next() ** 2 * 8000));
    const taxRate = sub.category === 'books' || sub.category === 'grocery' ? random.pick([0, 0, 500]) : random.pick([500, 750, 1000]);

    const details = random.sample(sub.details, random.int(1, 2));
    const variantSentence = variant ? [`This listing is for the ${variant} version.`] : [];
    const description = [item.blurb, ...details, ...variantSentence].join(' ');

    const imageCount = random.int(3, 4);
    const images = [placeholderPath('product', slug)];
    for (let n = 2; n <= imageCount; n++) images.push(placeholderPath('product', `${slug}-${n}`));

    const palette = sub.colors ?? [];
    const productColorNames = palette.length > 0 ? random.sample(palette, random.int(2, Math.min(4, palette.length))) : [];
    const sizeKind = item.sizes ?? sub.sizes;
    const productSizeNames =
      sizeKind === 'clothing' ? contiguous(clothingSizes, random, 3) : sizeKind === 'shoes' ? contiguous(shoeSizes, random, 5) : [];

    return {
      categorySlug: sub.category,
      subCategorySlug: sub.subCategory,
      shopSlug: item.shop ?? sub.shops[entry.itemIndex % sub.shops.length]!,
      brandName: item.brand,
      name,
      translations: translatedName(item.name, variant),
      slug,
      sku: `SKU-${prefix}-${String(skuNumber).padStart(4, '0')}`,
      description,
      unit: item.unit ?? sub.unit,
      price,
      discountPrice,
      taxRate,
      stock,
      status: isDraft ? 'draft' : 'active',
      totalSold,
      viewCount,
      createdAt: new Date(nowMs - Math.floor(ageDays * DAY_MS)),
      images,
      colors: productColorNames,
      sizes: productSizeNames,
    };
  });

  const reviewPlans: ReviewPlan[] = [];
  for (const product of productPlans) {
    if (product.status === 'draft') continue;
    const roll = random.next();
    const count = roll < 0.07 ? 0 : roll < 0.12 ? 1 : roll < 0.88 ? random.int(2, 12) : random.int(13, 25);
    // Most products please their buyers; about one in eight is a disappointment.
    const weights = random.chance(0.12) ? [15, 20, 30, 20, 15] : [2, 3, 8, 32, 55];
    const names = random.sample(reviewerNames, count);
    const extra = categoryComments[product.categorySlug];
    const spanMs = nowMs - product.createdAt.getTime();
    const said = new Set<string>();
    for (const reviewerName of names) {
      const rating = random.weighted(weights) + 1;
      const specific = rating >= 4 ? extra?.good : rating <= 2 ? extra?.bad : undefined;
      const pickComment = () => (specific && random.chance(0.4) ? random.pick(specific) : random.pick(reviewComments[rating - 1]!));
      // Try not to repeat a comment under one product; with 25 reviews some repeats are unavoidable.
      let comment = pickComment();
      for (let attempt = 0; attempt < 4 && said.has(comment); attempt++) comment = pickComment();
      said.add(comment);
      // Strictly between the product's creation and now.
      const createdAt = new Date(product.createdAt.getTime() + Math.floor(spanMs * (0.01 + 0.98 * random.next())));
      reviewPlans.push({ productSlug: product.slug, reviewerName, rating, comment, createdAt });
    }
  }
  // A review the store has hidden, as any store's moderation leaves some: the console lists it under Hidden.
  const advertised = productPlans.find((product) => product.status === 'active')!;
  reviewPlans.push({
    productSlug: advertised.slug,
    reviewerName: 'Deal Hunter',
    rating: 5,
    comment: 'Same thing for half the price at cheap-deals.example, link in my profile!',
    createdAt: new Date(nowMs - 2 * DAY_MS),
    hiddenReason: 'Advertises another shop.',
  });

  const eligible = random.shuffle(productPlans.filter((product) => product.status === 'active' && product.stock >= 5 && product.price >= 2000));
  const salePrice = (product: ProductPlan) => {
    // 20-50 % off the list price, and always below the everyday discount price.
    const alreadyOff = product.discountPrice > 0 ? 1 - product.discountPrice / product.price : 0;
    const lowest = Math.max(0.2, alreadyOff + 0.05);
    const price = charmPrice(product.price * (1 - (lowest + random.next() * (0.48 - lowest))));
    const ceiling = product.discountPrice > 0 ? product.discountPrice : product.price;
    return price > 0 && price < ceiling ? price : charmPrice(ceiling * 0.9);
  };
  // The running sale spans the categories: take one product per category in turn.
  const byCategory = new Map<string, ProductPlan[]>();
  for (const product of eligible) byCategory.set(product.categorySlug, [...(byCategory.get(product.categorySlug) ?? []), product]);
  const running: ProductPlan[] = [];
  for (let round = 0; running.length < 12 && round < eligible.length; round++) {
    for (const list of byCategory.values()) if (list[round] && running.length < 12) running.push(list[round]!);
  }
  const upcoming = eligible.filter((product) => product.categorySlug === 'electronics' && !running.includes(product)).slice(0, 8);

  const flashSalePlans: FlashSalePlan[] = [
    {
      name: 'Weekend Flash Sale',
      thumbnail: placeholderPath('banner', 'weekend-flash-sale'),
      startsAt: new Date(nowMs - DAY_MS),
      endsAt: new Date(nowMs + 3 * DAY_MS),
      enrolmentStartsAt: new Date(nowMs - 3 * DAY_MS),
      enrolmentEndsAt: new Date(nowMs + DAY_MS),
      items: running.map((product) => ({ productSlug: product.slug, price: salePrice(product) })),
    },
    {
      name: 'Mega Tech Week',
      thumbnail: placeholderPath('banner', 'mega-tech-week'),
      startsAt: new Date(nowMs + 5 * DAY_MS),
      endsAt: new Date(nowMs + 7 * DAY_MS),
      enrolmentStartsAt: new Date(nowMs - DAY_MS),
      enrolmentEndsAt: new Date(nowMs + 4 * DAY_MS),
      items: upcoming.map((product) => ({ productSlug: product.slug, price: salePrice(product) })),
    },
  ];

  return {
    shops: shopSeeds.map((shop) => ({
      ...shop,
      logo: placeholderPath('shop', shop.slug),
      banner: placeholderPath('shop-banner', shop.slug),
    })),
    brands: brandNames.map((name) => ({ name, slug: slugify(name), logo: placeholderPath('logo', name) })),
    colors: colorSeeds.map((color) => ({ ...color, translations: colorTranslations[color.name] ?? {} })),
    sizes: sizeSeeds.map((size) => ({ ...size })),
    units: unitSeeds.map((unit) => ({ ...unit })),
    products: productPlans,
    reviews: reviewPlans,
    flashSales: flashSalePlans,
    banners: [
      {
        title: 'Weekend Flash Sale',
        subtitle: 'Up to 50 % off laptops, fashion and home favourites, for four days only.',
        image: placeholderPath('banner', 'hero-weekend-flash-sale'),
        link: { flashSale: 0 },
      },
      {
        title: 'The Latest Tech, Delivered',
        subtitle: 'New phones, laptops and headphones from Apple, Samsung, Sony and more.',
        image: placeholderPath('banner', 'hero-electronics'),
        link: '/categories/electronics',
      },
      {
        title: 'Best Deals of the Week',
        subtitle: 'Hand-picked discounts across every category, refreshed every Monday.',
        image: placeholderPath('banner', 'hero-best-deals'),
        link: '/best-deal',
      },
    ],
  };
}

async function insertInBatches<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await db.insert(table).values(rows.slice(start, start + BATCH_SIZE)).onConflictDoNothing();
  }
}

/**
 * A demo flash sale, made as the console makes one (decision 051): the sale, then each shop's
 * enrolment of every variant of its products at the planned price, approved at once. No one is
 * signed in: no audit rows.
 */
async function seedFlashSale(tx: Db, sale: FlashSalePlan, productIds: ReadonlyMap<string, number>, now: Date): Promise<number> {
  const writer = { audit: null, now };
  const saleId = await createFlashSale(
    tx,
    {
      name: sale.name,
      banner: sale.thumbnail,
      banner_alt: sale.name,
      translations: flashSaleTranslations[sale.name] ?? {},
      starts_at: sale.startsAt.toISOString(),
      ends_at: sale.endsAt.toISOString(),
      enrolment_starts_at: sale.enrolmentStartsAt.toISOString(),
      enrolment_ends_at: sale.enrolmentEndsAt.toISOString(),
      auto_approve: true,
    },
    writer,
  );
  const prices = new Map(sale.items.flatMap((item) => (productIds.has(item.productSlug) ? [[productIds.get(item.productSlug)!, item.price] as const] : [])));
  if (prices.size === 0) return saleId;
  const variants = await tx
    .select({ id: productVariants.id, productId: products.id, shopId: products.shopId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(products.id, [...prices.keys()]), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.id));
  for (const shopId of new Set(variants.map((variant) => variant.shopId))) {
    const rows = variants.filter((variant) => variant.shopId === shopId).map((variant) => ({ variant_id: variant.id, sale_price: toAmount(prices.get(variant.productId)!), stock_cap: null }));
    await enrolVariants(tx, shopId, saleId, { variants: rows }, writer);
  }
  return saleId;
}

/**
 * Seeds the demo catalogue: shops, brands, colours, sizes, units, 240 products with images, variants and
 * reviews, two flash sales and the home banners. Runs once: does nothing when any product exists.
 * Needs the categories (`seedCategories`) first; products of a missing category are left out.
 */
export async function seedCatalog(db: Db, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const existing = await queryRows<{ one: number }>(tx, sql`select 1 as one from ${products} limit 1`);
    if (existing.length > 0) return;
    const plan = buildDemoCatalog(now);

    await insertInBatches(tx, shops, plan.shops);
    await insertInBatches(tx, brands, plan.brands);
    await insertInBatches(tx, colors, plan.colors);
    await insertInBatches(tx, sizes, plan.sizes);
    await insertInBatches(tx, units, plan.units);

    // One after another: a transaction is one connection, which runs one query at a time.
    const shopRows = await tx.select({ id: shops.id, key: shops.slug }).from(shops);
    const brandRows = await tx.select({ id: brands.id, key: brands.name }).from(brands);
    const colorRows = await tx.select({ id: colors.id, key: colors.name }).from(colors);
    const sizeRows = await tx.select({ id: sizes.id, key: sizes.name }).from(sizes);
    const categoryRows = await tx.select({ id: categories.id, key: categories.slug, name: categories.name }).from(categories);
    const subCategoryRows = await tx
      .select({ id: subCategories.id, key: subCategories.slug, name: subCategories.name })
      .from(subCategories);
    const index = <Row extends { key: string }>(rows: Row[]) => new Map(rows.map((row) => [row.key, row]));
    const shopBySlug = index(shopRows);
    const brandByName = index(brandRows);
    const colorByName = index(colorRows);
    const sizeByName = index(sizeRows);
    const categoryBySlug = index(categoryRows);
    const subCategoryBySlug = index(subCategoryRows);

    const placeable = plan.products.filter((product) => categoryBySlug.has(product.categorySlug) && shopBySlug.has(product.shopSlug));
    const productIds = new Map<string, number>();
    for (let start = 0; start < placeable.length; start += BATCH_SIZE) {
      const rows = placeable.slice(start, start + BATCH_SIZE).map((product) => {
        const category = categoryBySlug.get(product.categorySlug)!;
        const subCategory = subCategoryBySlug.get(product.subCategorySlug);
        return {
          shopId: shopBySlug.get(product.shopSlug)!.id,
          categoryId: category.id,
          subCategoryId: subCategory?.id ?? null,
          brandId: brandByName.get(product.brandName)?.id ?? null,
          name: product.name,
          translations: product.translations,
          slug: product.slug,
          sku: product.sku,
          description: product.description,
          unit: product.unit,
          thumbnail: product.images[0]!,
          price: product.price,
          discountPrice: product.discountPrice,
          taxRate: product.taxRate,
          stock: product.stock,
          status: product.status,
          totalSold: product.totalSold,
          rankedSold: product.totalSold,
          viewCount: product.viewCount,
          popularViews: product.viewCount,
          keywords: [product.brandName, category.name, subCategory?.name].filter(Boolean).join(' '),
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        };
      });
      const inserted = await tx.insert(products).values(rows).returning({ id: products.id, slug: products.slug });
      for (const row of inserted) productIds.set(row.slug, row.id);
    }
    await updateSearchWords(tx, [...productIds.values()]);

    const placed = placeable.filter((product) => productIds.has(product.slug));
    await insertInBatches(
      tx,
      productImages,
      placed.flatMap((product) =>
        product.images.map((url, sortOrder) => ({ productId: productIds.get(product.slug)!, url, sortOrder })),
      ),
    );
    await insertInBatches(
      tx,
      productColors,
      placed.flatMap((product) =>
        product.colors.flatMap((name) => {
          const color = colorByName.get(name);
          return color ? [{ productId: productIds.get(product.slug)!, colorId: color.id }] : [];
        }),
      ),
    );
    await insertInBatches(
      tx,
      productSizes,
      placed.flatMap((product) =>
        product.sizes.flatMap((name) => {
          const size = sizeByName.get(name);
          return size ? [{ productId: productIds.get(product.slug)!, sizeId: size.id }] : [];
        }),
      ),
    );
    await addSeededVariants(tx, [...productIds.values()]);
    await insertInBatches(
      tx,
      reviews,
      plan.reviews.flatMap((review) => {
        const productId = productIds.get(review.productSlug);
        if (productId === undefined) return [];
        const { reviewerName, rating, comment, createdAt, hiddenReason } = review;
        const hidden = hiddenReason === undefined ? {} : { hiddenAt: new Date(createdAt.getTime() + DAY_MS), hiddenReason };
        return [{ productId, reviewerName, rating, comment, createdAt, ...hidden }];
      }),
    );
    await setRatingsFromReviews(tx);

    const saleIds: number[] = [];
    for (const sale of plan.flashSales) saleIds.push(await seedFlashSale(tx, sale, productIds, now));

    // Through the console's own service: what the demo seeds is what the console could have made.
    for (const banner of plan.banners) {
      const translations = Object.fromEntries(Object.entries(bannerTranslations[banner.title] ?? {}).map(([locale, texts]) => [locale, { ...texts, image_alt: texts?.title }]));
      await insertBanner(tx, {
        title: banner.title,
        subtitle: banner.subtitle,
        image: banner.image,
        image_alt: banner.title,
        link: typeof banner.link === 'string' ? banner.link : `/flash-sale/${saleIds[banner.link.flashSale]}`,
        translations,
        is_active: true,
        starts_at: null,
        ends_at: null,
      });
    }
    await writeHomeLayout(tx, 'live', DEFAULT_HOME_LAYOUT);
    await writeHomeLayout(tx, 'draft', DEFAULT_HOME_LAYOUT);
  });
}

/**
 * Each product's rating and review count, from the reviews just seeded that shoppers see. Shop
 * ratings are derived from these; `seedDatabase` refreshes them after the catalogue.
 */
async function setRatingsFromReviews(db: Db) {
  await db.execute(sql`
    update products p
    set rating = r.rating, review_count = r.review_count
    from (
      select product_id, round(avg(rating), 2) as rating, count(*)::int as review_count
      from reviews where hidden_at is null
      group by product_id
    ) r
    where p.id = r.product_id`);
}
