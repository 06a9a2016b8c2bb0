import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, ProductFilters } from '../../../shared/catalog.contract.ts';
import { taxonomyItemAnswerSchema, taxonomyListSchema, type TaxonomyItem, type TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';
import { auditLog, brands, cartItems, colors, productColors } from '../../db/schema.ts';
import { addProducts, addTaxonomyRecord, catalogAnchors, variantsOf } from '../../test/catalog-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let store: string;
let seller: string;
let categoryId: number;

const call = (authorization: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const itemOf = (response: { json: () => unknown }) => taxonomyItemAnswerSchema.parse((response.json() as { data: unknown }).data).item;
const listOf = async (kind: TaxonomyKind, query = '') => taxonomyListSchema.parse((await call(store, 'GET', `/api/console/${kind}${query}`)).json<{ data: unknown }>().data).items;
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const auditActions = async (entityType: string, entityId: number | string) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );
const storefrontCategories = async (locale = 'en') =>
  (await ctx.app.inject({ url: '/api/categories', headers: { 'accept-language': locale } })).json<{ data: { categories: Category[] } }>().data.categories;
const filtersOf = async (query: string) => (await ctx.app.inject({ url: `/api/products?per_page=1&${query}` })).json<{ data: { filters: ProductFilters } }>().data.filters;

beforeAll(async () => {
  ctx = await createTestApp();
  store = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  categoryId = (await catalogAnchors(ctx.database.db)).category_id;
});
afterAll(() => ctx.close());

describe('categories', () => {
  it('are created with a slug, a placeholder image and the last place, audited, and show in the storefront at once', async () => {
    await storefrontCategories(); // warm the cache
    const name = unique('Garden Tools');
    const created = await call(store, 'POST', '/api/console/categories', { name, translations: { ar: { name: 'أدوات الحديقة' } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Category created');
    const item = itemOf(created);
    const slug = name.toLowerCase().replace(/ /g, '-');
    const last = Math.max(...(await listOf('categories')).filter((other) => other.id !== item.id).map((other) => other.sort_order));
    expect(item).toEqual({
      id: expect.any(Number),
      name,
      slug,
      image: `/media/placeholder/category/${slug}.svg`,
      code: null,
      category_id: null,
      translations: { ar: { name: 'أدوات الحديقة' } },
      sort_order: last + 1,
      commission_rate: null,
      archived: false,
    });
    expect(await auditActions('category', item.id)).toEqual(['category.create']);
    expect((await storefrontCategories()).map((category) => category.name)).toContain(name);
    expect((await storefrontCategories('ar')).find((category) => category.id === item.id)?.name).toBe('أدوات الحديقة');
  });

  it('are edited (name, slug, image, translations, order) with an audit row of what changed, shown at once', async () => {
    const id = (await call(store, 'POST', '/api/console/categories', { name: unique('Kitchen') })).json<{ data: { item: TaxonomyItem } }>().data.item.id;
    await storefrontCategories('ir');
    const slug = `cooking-${randomUUID().slice(0, 6)}`;
    const edited = await call(store, 'PATCH', `/api/console/categories/${id}`, { name: 'Cooking', slug, image: 'https://cdn.example.test/cooking.png', translations: { ir: { name: 'آشپزی' } }, sort_order: 7 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('Category updated');
    expect(itemOf(edited)).toMatchObject({ name: 'Cooking', slug, image: 'https://cdn.example.test/cooking.png', translations: { ir: { name: 'آشپزی' } }, sort_order: 7 });
    expect((await storefrontCategories('ir')).find((category) => category.id === id)).toMatchObject({ name: 'آشپزی', slug });
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'category.update'), eq(auditLog.entityId, String(id))));
    expect(Object.keys(row!.changes).sort()).toEqual(['image', 'name', 'slug', 'sort_order', 'translations']);
  });

  it('refuse a slug another category holds, and bad input, with field errors and nothing written', async () => {
    const taken = (await call(store, 'POST', '/api/console/categories', { name: unique('Taken') })).json<{ data: { item: TaxonomyItem } }>().data.item;
    const before = (await listOf('categories')).length;
    const duplicate = await call(store, 'POST', '/api/console/categories', { name: 'Another', slug: taken.slug });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: 'The slug has already been taken.', errors: { slug: ['The slug has already been taken.'] } });
    const bad = await call(store, 'POST', '/api/console/categories', { name: ' ', slug: 'Not A Slug', image: 'ftp://x', sort_order: -1 });
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      slug: ['The slug may only contain lower-case letters, numbers and dashes.'],
      image: ['The image must be a /media/ path or an https address.'],
      sort_order: ['The sort order must be at least 0.'],
    });
    const other = (await call(store, 'POST', '/api/console/categories', { name: unique('Other') })).json<{ data: { item: TaxonomyItem } }>().data.item;
    const renamed = await call(store, 'PATCH', `/api/console/categories/${other.id}`, { slug: taken.slug });
    expect(renamed.json()).toEqual({ message: 'The slug has already been taken.', errors: { slug: ['The slug has already been taken.'] } });
    expect((await listOf('categories')).length).toBe(before + 1);
    expect((await call(store, 'PATCH', '/api/console/categories/99999999', { name: 'Nope' })).json()).toEqual({ message: 'Category not found' });
  });

  it('archived leave /api/categories at once, their products still answer, and restored come back', async () => {
    const item = (await call(store, 'POST', '/api/console/categories', { name: unique('Seasonal') })).json<{ data: { item: TaxonomyItem } }>().data.item;
    const [productId] = await addProducts(ctx.database.db, [{ name: unique('Seasonal Lamp'), categoryId: item.id }]);
    expect((await storefrontCategories()).map((category) => category.id)).toContain(item.id);
    const archived = await call(store, 'POST', `/api/console/categories/${item.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe('Category archived');
    expect(itemOf(archived).archived).toBe(true);
    expect((await storefrontCategories()).map((category) => category.id)).not.toContain(item.id);
    expect((await ctx.app.inject({ url: `/api/categories/${item.slug}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/products/${productId}` })).statusCode).toBe(200);
    expect((await listOf('categories')).find((listed) => listed.id === item.id)?.archived).toBe(true);
    // Archiving again changes nothing and writes no second row.
    expect((await call(store, 'POST', `/api/console/categories/${item.id}/archive`)).statusCode).toBe(200);
    const restored = await call(store, 'POST', `/api/console/categories/${item.id}/restore`);
    expect(restored.json().message).toBe('Category restored');
    expect((await storefrontCategories()).map((category) => category.id)).toContain(item.id);
    expect(await auditActions('category', item.id)).toEqual(['category.create', 'category.archive', 'category.restore']);
  });

  it('are reordered in one write, and the storefront follows', async () => {
    const ids = (await listOf('categories')).map((item) => item.id);
    const reversed = [...ids].reverse();
    const response = await call(store, 'POST', '/api/console/categories/reorder', { ids: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Categories reordered');
    expect(response.json().data.items.map((item: TaxonomyItem) => item.id)).toEqual(reversed);
    expect(response.json().data.items.map((item: TaxonomyItem) => item.sort_order)).toEqual(reversed.map((_, index) => index + 1));
    const shown = (await storefrontCategories()).map((category) => category.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect(await auditActions('category', '*')).toContain('category.reorder');
    const incomplete = await call(store, 'POST', '/api/console/categories/reorder', { ids: reversed.slice(1) });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toEqual({ message: 'The ids must list each of them once.', errors: { ids: ['The ids must list each of them once.'] } });
    const repeated = await call(store, 'POST', '/api/console/categories/reorder', { ids: [...reversed.slice(1), reversed[1]] });
    expect(repeated.json().errors).toEqual({ ids: ['The ids must list each of them once.'] });
    await call(store, 'POST', '/api/console/categories/reorder', { ids });
  });
});

describe('sub-categories', () => {
  it('belong to a category, are listed by it, reordered within it, and archived leave the tree', async () => {
    const bad = await call(store, 'POST', '/api/console/sub-categories', { name: 'Orphan', category_id: 99_999_999 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ category_id: ['The selected category id is invalid.'] });
    expect((await call(store, 'POST', '/api/console/sub-categories', { name: 'Orphan' })).json().errors).toEqual({ category_id: ['The category id field is required.'] });

    const created = await call(store, 'POST', '/api/console/sub-categories', { name: unique('Tablets'), category_id: categoryId });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Sub-category created');
    const item = itemOf(created);
    expect(item).toMatchObject({ category_id: categoryId, archived: false, image: `/media/placeholder/sub-category/${item.slug}.svg` });
    const mine = await listOf('sub-categories', `?category_id=${categoryId}`);
    expect(mine.every((sub) => sub.category_id === categoryId)).toBe(true);
    expect(mine.at(-1)?.id).toBe(item.id);

    const reordered = await call(store, 'POST', '/api/console/sub-categories/reorder', { ids: [item.id, ...mine.slice(0, -1).map((sub) => sub.id)] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.items[0].id).toBe(item.id);
    const tree = async () => (await storefrontCategories()).find((category) => category.id === categoryId)!.sub_categories.map((sub) => sub.id);
    expect((await tree())[0]).toBe(item.id);
    expect(await auditActions('sub_category', `category:${categoryId}`)).toEqual(['sub_category.reorder']);

    expect((await call(store, 'POST', `/api/console/sub-categories/${item.id}/archive`)).json().message).toBe('Sub-category archived');
    expect(await tree()).not.toContain(item.id);
    expect((await call(store, 'POST', '/api/console/sub-categories/99999999/restore')).json()).toEqual({ message: 'Sub-category not found' });
  });
});

describe('brands', () => {
  it('are created with a logo, refuse a taken name or slug, and archived leave the filters while their products keep them', async () => {
    const name = unique('Acme');
    const created = await call(store, 'POST', '/api/console/brands', { name, image: '/media/brands/acme.png' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Brand created');
    const brand = itemOf(created);
    expect(brand).toMatchObject({ name, image: '/media/brands/acme.png', translations: {}, archived: false });
    const taken = await call(store, 'POST', '/api/console/brands', { name, slug: brand.slug });
    expect(taken.json()).toEqual({ message: 'The slug has already been taken.', errors: { slug: ['The slug has already been taken.'], name: ['The name has already been taken.'] } });

    const [productId] = await addProducts(ctx.database.db, [{ name: unique('Acme Anvil'), brandId: brand.id, categoryId }]);
    const query = `category_id=${categoryId}`;
    expect((await filtersOf(query)).brands.map((entry) => entry.id)).toContain(brand.id);
    expect((await call(store, 'POST', `/api/console/brands/${brand.id}/archive`)).json().message).toBe('Brand archived');
    expect((await filtersOf(query)).brands.map((entry) => entry.id)).not.toContain(brand.id);
    const details = await ctx.app.inject({ url: `/api/products/${productId}` });
    expect(details.statusCode).toBe(200);
    expect(JSON.stringify(details.json().data)).toContain(name);
    expect((await call(store, 'POST', `/api/console/brands/${brand.id}/restore`)).json().message).toBe('Brand restored');
    expect((await filtersOf(query)).brands.map((entry) => entry.id)).toContain(brand.id);
    expect(await auditActions('brand', brand.id)).toEqual(['brand.create', 'brand.archive', 'brand.restore']);
  });

  it('are renamed, and the product page shows the new name at once', async () => {
    // Words that share no three letters, so typo tolerance cannot find the product by the old name;
    // letters only, as PostgreSQL's parser reads a hex tail such as "4e097bd8" as a number and a word.
    const uniqueWord = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8).replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
    const brand = itemOf(await call(store, 'POST', '/api/console/brands', { name: uniqueWord('Pumice') }));
    const [productId] = await addProducts(ctx.database.db, [{ name: unique('Lantern Widget'), brandId: brand.id }]);
    expect((await ctx.app.inject({ url: `/api/products/${productId}` })).body).toContain(brand.name);
    const newName = uniqueWord('Quokka');
    expect((await call(store, 'PATCH', `/api/console/brands/${brand.id}`, { name: newName })).json().message).toBe('Brand updated');
    expect((await ctx.app.inject({ url: `/api/products/${productId}` })).body).toContain(newName);
    // The new name is in the product's search keywords; the old one finds it no more.
    const found = async (words: string) => (await ctx.app.inject({ url: `/api/products?search=${encodeURIComponent(words)}` })).json<{ data: { products: Array<{ id: number }> } }>().data.products.map((product) => product.id);
    expect(await found(newName)).toEqual([productId]);
    expect(await found(brand.name)).toEqual([]);
  });
});

describe('colours and sizes', () => {
  it('colours take a #rrggbb code, translations and an order; archived leave the filters', async () => {
    const bad = await call(store, 'POST', '/api/console/colors', { name: 'Teal', code: 'teal' });
    expect(bad.json().errors).toEqual({ code: ['The code must be a colour like #1a2b3c.'] });
    const created = await call(store, 'POST', '/api/console/colors', { name: unique('Teal'), code: '#00A0A0', translations: { ar: { name: 'أزرق مخضر' }, ir: { name: '' } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Colour created');
    const colour = itemOf(created);
    expect(colour).toMatchObject({ code: '#00a0a0', slug: null, image: null, translations: { ar: { name: 'أزرق مخضر' }, ir: {} } });
    const taken = await call(store, 'POST', '/api/console/colors', { name: colour.name, code: '#000000' });
    expect(taken.json()).toEqual({ message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } });
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'color.create'), eq(auditLog.entityId, String(colour.id))));
    expect(row!.changes.code).toEqual({ after: '#00a0a0' });

    const [productId] = await addProducts(ctx.database.db, [{ name: unique('Teal Mug'), categoryId }]);
    await ctx.database.db.insert(productColors).values({ productId: productId!, colorId: colour.id });
    ctx.app.caches.clear();
    const query = `category_id=${categoryId}`;
    expect((await filtersOf(query)).colors.map((entry) => entry.id)).toContain(colour.id);
    expect((await call(store, 'POST', `/api/console/colors/${colour.id}/archive`)).json().message).toBe('Colour archived');
    expect((await filtersOf(query)).colors.map((entry) => entry.id)).not.toContain(colour.id);
    expect((await ctx.app.inject({ url: `/api/products/${productId}` })).statusCode).toBe(200);

    const ids = (await listOf('colors')).map((item) => item.id);
    const moved = [colour.id, ...ids.filter((id) => id !== colour.id)];
    expect((await call(store, 'POST', '/api/console/colors/reorder', { ids: moved })).json().message).toBe('Colours reordered');
    expect((await listOf('colors'))[0]).toMatchObject({ id: colour.id, sort_order: 1, archived: true });
  });

  it('sizes take a name, translations and an order, and are archived and restored', async () => {
    const created = await call(store, 'POST', '/api/console/sizes', { name: unique('XXXL'), sort_order: 90 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Size created');
    const size = itemOf(created);
    expect(size).toMatchObject({ sort_order: 90, slug: null, code: null, image: null });
    const edited = await call(store, 'PATCH', `/api/console/sizes/${size.id}`, { translations: { ar: { name: 'كبير جدا' } } });
    expect(edited.json().message).toBe('Size updated');
    expect(itemOf(edited).translations).toEqual({ ar: { name: 'كبير جدا' } });
    expect((await call(store, 'POST', `/api/console/sizes/${size.id}/archive`)).json().message).toBe('Size archived');
    expect((await call(store, 'POST', `/api/console/sizes/${size.id}/restore`)).json().message).toBe('Size restored');
    expect((await call(store, 'POST', '/api/console/sizes/reorder', { ids: (await listOf('sizes')).map((item) => item.id) })).json().message).toBe('Sizes reordered');
    expect(await auditActions('size', size.id)).toEqual(['size.create', 'size.update', 'size.archive', 'size.restore']);
  });
});

describe('units', () => {
  const unitOf = async (productId: number) => (await ctx.app.inject({ url: `/api/products/${productId}` })).json<{ data: { product: { unit: string } } }>().data.product.unit;

  it('the units products were sold by are listed, a taken or too long name is refused, and a new one comes last', async () => {
    expect((await listOf('units')).slice(0, 6).map((unit) => unit.name)).toEqual(['pc', 'pack', 'pair', 'set', 'bottle', 'kg']);
    expect((await call(store, 'POST', '/api/console/units', { name: 'pc' })).json()).toEqual({ message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } });
    expect((await call(store, 'POST', '/api/console/units', { name: 'a box of twenty-one x' })).json().errors).toEqual({ name: ['The name must not be greater than 20 characters.'] });
    const created = await call(store, 'POST', '/api/console/units', { name: unique('tray'), translations: { ar: { name: 'صينية' } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Unit created');
    const unit = itemOf(created);
    const last = Math.max(...(await listOf('units')).filter((other) => other.id !== unit.id).map((other) => other.sort_order));
    expect(unit).toMatchObject({ slug: null, image: null, code: null, category_id: null, translations: { ar: { name: 'صينية' } }, sort_order: last + 1, archived: false });
    expect(await auditActions('unit', unit.id)).toEqual(['unit.create']);
  });

  it('renamed, are renamed on their products (and the cart lines waiting for them), which the storefront shows at once; other products keep theirs', async () => {
    const unit = itemOf(await call(store, 'POST', '/api/console/units', { name: unique('crate') }));
    const [productId, otherId] = await addProducts(ctx.database.db, [
      { name: unique('Crate of Apples'), unit: unit.name },
      { name: unique('Single Apple'), unit: 'pc' },
    ]);
    const { userId } = await signInConsoleMember(ctx.app, 'catalogue_manager');
    const [variant] = await variantsOf(ctx.database.db, productId!);
    await ctx.database.db.insert(cartItems).values({ userId, productId: productId!, variantId: variant!.id, quantity: 1, unit: unit.name });
    expect(await unitOf(productId!)).toBe(unit.name); // cached now
    const newName = unique('box');
    const renamed = await call(store, 'PATCH', `/api/console/units/${unit.id}`, { name: newName });
    expect(renamed.json().message).toBe('Unit updated');
    expect(await unitOf(productId!)).toBe(newName);
    expect(await unitOf(otherId!)).toBe('pc');
    expect(await ctx.database.db.select({ unit: cartItems.unit }).from(cartItems).where(eq(cartItems.productId, productId!))).toEqual([{ unit: newName }]);
    const [row] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'unit.update'), eq(auditLog.entityId, String(unit.id))));
    expect(row!.changes.name).toEqual({ before: unit.name, after: newName });
  });

  it('archived, stay on their products; restored and reordered like the other lists', async () => {
    const unit = itemOf(await call(store, 'POST', '/api/console/units', { name: unique('jar') }));
    const [productId] = await addProducts(ctx.database.db, [{ name: unique('Jar of Honey'), unit: unit.name }]);
    expect((await call(store, 'POST', `/api/console/units/${unit.id}/archive`)).json().message).toBe('Unit archived');
    expect(await unitOf(productId!)).toBe(unit.name);
    expect((await listOf('units')).find((item) => item.id === unit.id)?.archived).toBe(true);
    expect((await call(store, 'POST', `/api/console/units/${unit.id}/restore`)).json().message).toBe('Unit restored');
    const ids = (await listOf('units')).map((item) => item.id);
    const reordered = await call(store, 'POST', '/api/console/units/reorder', { ids: [unit.id, ...ids.filter((id) => id !== unit.id)] });
    expect(reordered.json().message).toBe('Units reordered');
    expect((await listOf('units'))[0]).toMatchObject({ id: unit.id, sort_order: 1 });
    expect(await auditActions('unit', unit.id)).toEqual(['unit.create', 'unit.archive', 'unit.restore']);
  });
});

describe('who may write the taxonomy', () => {
  it.each(['categories', 'sub-categories', 'brands', 'colors', 'sizes', 'units'] as const)("a seller reads the %s but is refused every write, whatever the body", async (kind) => {
    expect((await call(seller, 'GET', `/api/console/${kind}`)).statusCode).toBe(200);
    const id = await addTaxonomyRecord(ctx.database.db, kind);
    const writes = [
      ['POST', `/api/console/${kind}`, { name: 'Mine' }],
      ['PATCH', `/api/console/${kind}/${id}`, { name: 'Mine' }],
      ['POST', `/api/console/${kind}/reorder`, { ids: [id] }],
      ['POST', `/api/console/${kind}/${id}/archive`, undefined],
      ['POST', `/api/console/${kind}/${id}/restore`, undefined],
    ] as const;
    for (const [method, url, payload] of writes) {
      const response = await call(seller, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    expect((await listOf(kind)).find((item) => item.id === id)?.archived).toBe(false);
  });
});

describe('audit rows', () => {
  it('are written with the write, and a write whose audit row fails keeps nothing', async () => {
    const name = unique('Rolled Back Brand');
    await ctx.database.db.execute(sql`alter table audit_log add constraint audit_refuses_brands check (action <> 'brand.create') not valid`);
    try {
      const response = await call(store, 'POST', '/api/console/brands', { name });
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`alter table audit_log drop constraint audit_refuses_brands`);
    }
    expect(await ctx.database.db.select().from(brands).where(eq(brands.name, name))).toEqual([]);
    const colour = await addTaxonomyRecord(ctx.database.db, 'colors');
    await ctx.database.db.execute(sql`alter table audit_log add constraint audit_refuses_archive check (action <> 'color.archive') not valid`);
    try {
      expect((await call(store, 'POST', `/api/console/colors/${colour}/archive`)).statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`alter table audit_log drop constraint audit_refuses_archive`);
    }
    expect((await ctx.database.db.select({ isActive: colors.isActive }).from(colors).where(eq(colors.id, colour)))[0]!.isActive).toBe(true);
    expect(await auditActions('color', colour)).toEqual([]);
  });

});

describe('products and archived records', () => {
  it('a product is not given an archived brand or colour, and keeps those it has through an edit', async () => {
    const shopId = await sellerShopId(ctx.app);
    const brand = await addTaxonomyRecord(ctx.database.db, 'brands');
    const colour = await addTaxonomyRecord(ctx.database.db, 'colors');
    const newProduct = () => {
      const sku = `TAX-${randomUUID().slice(0, 8)}`;
      return { shop_id: shopId, name: unique('Taxonomy Lamp'), category_id: categoryId, brand_id: brand, sku, price: 10, variants: [{ sku, color_id: colour, stock: 1 }] };
    };
    const created = await call(store, 'POST', '/api/console/products', newProduct());
    expect(created.statusCode, created.body).toBe(201);
    const { id: productId, variants } = created.json<{ data: { product: { id: number; variants: Array<{ id: number }> } } }>().data.product;
    expect((await call(store, 'POST', `/api/console/brands/${brand}/archive`)).statusCode).toBe(200);
    expect((await call(store, 'POST', `/api/console/colors/${colour}/archive`)).statusCode).toBe(200);

    const edited = await call(store, 'PATCH', `/api/console/products/${productId}`, { name: unique('Still Lamp'), brand_id: brand, variants: [{ id: variants[0]!.id, color_id: colour }] });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await call(store, 'POST', '/api/console/products', newProduct());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ brand_id: ['The selected brand id is invalid.'], 'variants.0.color_id': ['The selected color id is invalid.'] });
  });
});
