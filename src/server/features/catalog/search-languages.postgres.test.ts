import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { addProducts } from '../../test/catalog-fixtures.ts';
import { storeOnBothListingPaths } from '../../test/both-listing-paths.ts';
import { normalizeSearchText } from './search-normalization.ts';

// Every language (issue 50, migration 0066): a search finds products by their Arabic and Persian
// names and descriptions as by their English ones, however the shopper writes the letters that
// have more than one form, with prefixes and typos as in English.

const added = [
  {
    name: 'Smart Watch Pro',
    description: '<p>A bright screen on the wrist.</p>',
    translations: { ar: { name: 'ساعة ذكية برو', description: '<p>شاشة مشرقة على المعصم.</p>' }, ir: { name: 'ساعت هوشمند پرو', description: '<p>صفحه‌نمایش روشن روی مچ.</p>' } },
  },
  { name: 'Glass Teapot', translations: { ar: { name: 'إبريق شاي زجاجي' }, ir: { name: 'قوری شیشه‌ای' } } },
  { name: 'Leather Bag', translations: { ar: { name: 'حقيبة جلدية' }, ir: { name: 'کیف چرمی' } } },
  { name: 'Phone Case 128', translations: { ar: { name: 'غطاء هاتف ١٢٨' }, ir: { name: 'قاب گوشی ۱۲۸' } } },
  { name: 'Children’s Books', translations: { ar: { name: 'كتب الأطفال' }, ir: { name: 'کتاب‌های کودکان' } } },
];
/** The names of this file's products in every language: the demo catalogue, which has Arabic and Persian names too, is left out of what a search found. */
const ownNames = new Set(added.flatMap((product) => [product.name, product.translations.ar.name, product.translations.ir.name]));

const store = storeOnBothListingPaths(async (db) => {
  await addProducts(db, added);
});

interface Listed {
  total: number;
  names: string[];
}

let requests = 0;
async function listed(search: string, locale: 'en' | 'ar' | 'ir', app = store.context.app): Promise<Listed> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(search)}&per_page=50`,
    headers: { 'accept-language': locale },
    remoteAddress: `10.80.${(requests >> 8) & 255}.${requests++ & 255}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { total, products } = response.json().data as { total: number; products: Array<{ name: string }> };
  return { total, names: products.map((product) => product.name) };
}

/** The names of this file's products a search finds, in the shopper's language, the same from the listing index and from the rows. */
async function found(search: string, locale: 'en' | 'ar' | 'ir' = 'ar'): Promise<string[]> {
  const [indexed, fromRows] = await Promise.all([listed(search, locale), listed(search, locale, store.withoutIndex)]);
  expect(indexed, search).toEqual(fromRows);
  expect(indexed.total, search).toBe(indexed.names.length);
  return indexed.names.filter((name) => ownNames.has(name));
}

describe('a search in Arabic', () => {
  it('finds a product by its Arabic name and shows it in Arabic', async () => {
    expect(await found('ساعة ذكية')).toEqual(['ساعة ذكية برو']);
    expect(await found('حقيبة')).toEqual(['حقيبة جلدية']);
  });

  it('finds it with taa marbuta written as haa, with or without hamza, short vowels or tatweel', async () => {
    for (const search of ['ساعه ذكيه', 'ساعةٌ ذَكِيّة', 'ســاعة ذكيــة']) expect(await found(search), search).toEqual(['ساعة ذكية برو']);
    for (const search of ['ابريق', 'إبريق', 'أبريق']) expect(await found(search), search).toEqual(['إبريق شاي زجاجي']);
    for (const search of ['كتب الاطفال', 'كتب الأطفال']) expect(await found(search), search).toEqual(['كتب الأطفال']);
  });

  it('finds it by its description, by a prefix and through a typo', async () => {
    expect(await found('شاشة')).toEqual(['ساعة ذكية برو']);
    expect(await found('زجا')).toEqual(['إبريق شاي زجاجي']);
    expect(await found('حقيبه جلدبة')).toEqual(['حقيبة جلدية']);
  });

  it('reads Arabic-Indic and Persian digits as the digits they are', async () => {
    for (const search of ['١٢٨', '۱۲۸', '128']) expect(await found(search), search).toEqual(['غطاء هاتف ١٢٨']);
  });

  it('finds a product by its English name too', async () => {
    // A word of descriptions only is no typo of a name's word ("wrist" is not "waist").
    expect(await found('wrist', 'en')).toEqual(['Smart Watch Pro']);
    expect(await found('smart watch')).toEqual(['ساعة ذكية برو']);
  });
});

describe('a search in Persian', () => {
  it('finds a product by its Persian name, typed with Persian or Arabic yeh and kaf', async () => {
    for (const search of ['کیف چرمی', 'كيف چرمي']) expect(await found(search, 'ir'), search).toEqual(['کیف چرمی']);
    expect(await found('ساعت هوشمند', 'ir')).toEqual(['ساعت هوشمند پرو']);
  });

  it('finds a word written with or without its zero-width non-joiner, by a prefix and through a typo', async () => {
    for (const search of ['کتاب‌های', 'کتابهای', 'کتاب']) expect(await found(search, 'ir'), search).toEqual(['کتاب‌های کودکان']);
    expect(await found('هوشمدن', 'ir')).toEqual(['ساعت هوشمند پرو']);
    expect(await found('صفحه‌نمایش', 'ir')).toEqual(['ساعت هوشمند پرو']);
  });
});

it('finds a product by the name it was given in another language since, and no longer by the one it had', async () => {
  const { db } = store.context.database;
  const [bag] = await db.select({ id: products.id, translations: products.translations }).from(products).where(eq(products.name, 'Leather Bag'));
  await db.update(products).set({ translations: { ...bag!.translations, ar: { name: 'شنطة جلد' } } }).where(eq(products.id, bag!.id));
  try {
    const names = async (search: string) => (await listed(search, 'ar')).names;
    expect(await names('شنطه')).toContain('شنطة جلد');
    expect(await names('حقيبة جلدية')).not.toContain('شنطة جلد');
  } finally {
    await db.update(products).set({ translations: bag!.translations }).where(eq(products.id, bag!.id));
  }
});

it('an English search finds what it found, named in English', async () => {
  expect(await found('teapot', 'en')).toEqual(['Glass Teapot']);
  expect(await found('لاعب', 'en')).toEqual([]);
});

it('the catalogue’s texts and the shopper’s words are normalised alike', async () => {
  const characters = [...Array.from({ length: 0x0700 - 0x0600 }, (_, at) => String.fromCodePoint(0x0600 + at)), '\u200C', 'a', 'Z', '5'];
  const rows = await queryRows<{ normalized: string }>(
    store.context.database.db,
    sql`select search_normalize(c) as normalized from unnest(${sql.param(characters)}::text[]) with ordinality as t(c, n) order by n`,
  );
  expect(rows.map((row) => row.normalized)).toEqual(characters.map(normalizeSearchText));
});
