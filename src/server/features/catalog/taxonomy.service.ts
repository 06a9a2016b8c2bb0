import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditEntityType } from '../../../shared/audit-actions.ts';
import { toBasisPoints, toPercent } from '../../../shared/money.ts';
import type { TaxonomyInput, TaxonomyItem, TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { brands, cartItems, categories, colors, products, sizes, subCategories, units } from '../../db/schema.ts';
import { mergedTranslations, type Translations } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { placeholderPath, type PlaceholderKind } from '../media/placeholder-image.ts';
import type { CatalogWrites } from './catalog-writes.ts';
import { updateSearchWords } from './search-terms.ts';
import { slugify } from '../../platform/slugs.ts';

type TaxonomyEntity = Extract<AuditEntityType, 'category' | 'sub_category' | 'brand' | 'color' | 'size' | 'unit'>;

type TaxonomyTable = typeof categories | typeof subCategories | typeof brands | typeof colors | typeof sizes | typeof units;

interface KindRules {
  table: TaxonomyTable;
  /** The audit log's entity type, and its actions' prefix (`category.create`). */
  entity: TaxonomyEntity;
  /** The answers' wording: `Category created`, `Categories`. */
  one: string;
  many: string;
  /** The column of its image (`thumbnail`, `logo`), and the placeholder a record made without one shows. */
  image?: { column: 'thumbnail' | 'logo'; placeholder: PlaceholderKind };
  slug?: boolean;
  /** No two records of the kind share a name (brands, colours, sizes, units). */
  uniqueName?: boolean;
  code?: boolean;
  translated?: boolean;
  /** Sub-categories belong to a category: their order and reordering are within it. */
  parent?: boolean;
  /** Categories carry the store's commission on their products' sales (decision 052), in basis points inside. */
  commission?: boolean;
  /** The order the storefront shows them in. */
  order: SQL[];
  /** What the storefront shows them in (decision 022). */
  tags: string[];
}

/** The category tree, the home page's categories and the product pages naming them. */
const categoryTags = [cacheTags.categories, cacheTags.home, cacheTags.productDetails];
/** Listing filters and cards (the home page's too) and product pages. */
const optionTags = [cacheTags.listings, cacheTags.home, cacheTags.productDetails];

export const taxonomyRules: Record<TaxonomyKind, KindRules> = {
  categories: {
    table: categories,
    entity: 'category',
    one: 'Category',
    many: 'Categories',
    image: { column: 'thumbnail', placeholder: 'category' },
    slug: true,
    translated: true,
    commission: true,
    order: [asc(categories.sortOrder), asc(categories.id)],
    tags: categoryTags,
  },
  'sub-categories': {
    table: subCategories,
    entity: 'sub_category',
    one: 'Sub-category',
    many: 'Sub-categories',
    image: { column: 'thumbnail', placeholder: 'sub-category' },
    slug: true,
    translated: true,
    parent: true,
    order: [sql`(select ${categories.sortOrder} from ${categories} where ${categories.id} = ${subCategories.categoryId})`, asc(subCategories.categoryId), asc(subCategories.sortOrder), asc(subCategories.id)],
    tags: categoryTags,
  },
  brands: {
    table: brands,
    entity: 'brand',
    one: 'Brand',
    many: 'Brands',
    image: { column: 'logo', placeholder: 'logo' },
    slug: true,
    uniqueName: true,
    order: [asc(brands.sortOrder), asc(brands.name)],
    tags: optionTags,
  },
  colors: { table: colors, entity: 'color', one: 'Colour', many: 'Colours', code: true, uniqueName: true, translated: true, order: [asc(colors.sortOrder), asc(colors.name)], tags: optionTags },
  sizes: { table: sizes, entity: 'size', one: 'Size', many: 'Sizes', uniqueName: true, translated: true, order: [asc(sizes.sortOrder), asc(sizes.id)], tags: optionTags },
  /** The storefront shows a product's unit (its text) on its cards and page; the list itself only in the console. */
  units: { table: units, entity: 'unit', one: 'Unit', many: 'Units', uniqueName: true, translated: true, order: [asc(units.sortOrder), asc(units.id)], tags: optionTags },
};

export const SLUG_TAKEN = 'The slug has already been taken.';
export const NAME_TAKEN = 'The name has already been taken.';
const INVALID_CATEGORY = 'The selected category id is invalid.';
const REORDER_INCOMPLETE = 'The ids must list each of them once.';

export const notFoundMessage = (kind: TaxonomyKind) => `${taxonomyRules[kind].one} not found`;

/** A column a kind may not have, read as null. */
const columnOr = (table: TaxonomyTable, column: string) => (column in table ? sql`${(table as unknown as Record<string, AnyPgColumn>)[column]}` : sql`null`);

/** The kind's records as the console shows them; `where` narrows them. */
async function selectItems(db: Db, kind: TaxonomyKind, where?: SQL): Promise<TaxonomyItem[]> {
  const rules = taxonomyRules[kind];
  const { table } = rules;
  const rows = await db
    .select({
      id: table.id,
      name: table.name,
      slug: sql<string | null>`${columnOr(table, 'slug')}`,
      image: sql<string | null>`${rules.image ? columnOr(table, rules.image.column) : sql`null`}`,
      code: sql<string | null>`${columnOr(table, 'code')}`,
      categoryId: sql<number | null>`${columnOr(table, 'categoryId')}`,
      translations: sql<Translations>`${columnOr(table, 'translations')}`,
      sortOrder: table.sortOrder,
      commissionRate: sql<number | null>`${columnOr(table, 'commissionRate')}`,
      isActive: table.isActive,
    })
    .from(table)
    .where(where)
    .orderBy(...rules.order);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image,
    code: row.code,
    category_id: row.categoryId,
    translations: (row.translations ?? {}) as TaxonomyItem['translations'],
    sort_order: row.sortOrder,
    commission_rate: row.commissionRate === null ? null : toPercent(row.commissionRate),
    archived: !row.isActive,
  }));
}

/** `GET /api/console/{kind}`: every record, archived ones too, in the storefront's order. */
export function listTaxonomy(db: Db, kind: TaxonomyKind, { categoryId }: { categoryId?: number } = {}): Promise<TaxonomyItem[]> {
  return selectItems(db, kind, categoryId === undefined ? undefined : eq(subCategories.categoryId, categoryId));
}

async function loadItem(db: Db, kind: TaxonomyKind, id: number, { lock = false } = {}): Promise<TaxonomyItem> {
  const { table } = taxonomyRules[kind];
  if (lock) await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
  const [item] = await selectItems(db, kind, eq(table.id, id));
  if (!item) throw notFound(notFoundMessage(kind));
  return item;
}

/** The slug a new record gets when none is given: its name's, or the kind's with a random tail when the name has no letters to make one of. */
const slugFor = (kind: TaxonomyKind, name: string) => slugify(name) || `${taxonomyRules[kind].entity.replace('_', '-')}-${randomBytes(3).toString('hex')}`;

/** Refuses a slug or name another record of the kind holds, and a category that does not exist, with field errors. */
async function checkInput(tx: Db, kind: TaxonomyKind, id: number | null, values: Record<string, unknown>) {
  const { table } = taxonomyRules[kind];
  const others = id === null ? undefined : ne(table.id, id);
  const errors: FieldErrors = {};
  if (typeof values.slug === 'string' && 'slug' in table) {
    const [holder] = await tx.select({ id: table.id }).from(table).where(and(eq(table.slug, values.slug), others));
    if (holder) errors.slug = [SLUG_TAKEN];
  }
  if (typeof values.name === 'string' && taxonomyRules[kind].uniqueName) {
    const [holder] = await tx.select({ id: table.id }).from(table).where(and(eq(table.name, values.name), others));
    if (holder) errors.name = [NAME_TAKEN];
  }
  if (typeof values.categoryId === 'number') {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, values.categoryId));
    if (!category) errors.category_id = [INVALID_CATEGORY];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The database settles a race the checks cannot see: two writes taking one slug or name at once. */
const takenField = (constraint: string): FieldErrors | undefined =>
  constraint.endsWith('_slug_unique') ? { slug: [SLUG_TAKEN] } : constraint.endsWith('_name_unique') ? { name: [NAME_TAKEN] } : undefined;

/** The columns an input sets, by the kind's rules; only fields given are set. */
function columnValues(kind: TaxonomyKind, input: TaxonomyInput, current: TaxonomyItem | null): Record<string, unknown> {
  const rules = taxonomyRules[kind];
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(rules.slug && input.slug !== undefined && { slug: input.slug }),
    ...(rules.image && input.image !== undefined && { [rules.image.column]: input.image }),
    ...(rules.code && input.code !== undefined && { code: input.code.toLowerCase() }),
    ...(rules.parent && input.category_id !== undefined && { categoryId: input.category_id }),
    ...(rules.translated && input.translations !== undefined && { translations: mergedTranslations(current?.translations ?? {}, input.translations) }),
    ...(input.sort_order !== undefined && { sortOrder: input.sort_order }),
    ...(rules.commission && input.commission_rate !== undefined && { commissionRate: input.commission_rate === null ? null : toBasisPoints(input.commission_rate) }),
  };
}

/** After the last one (of its category, for a sub-category). */
async function nextSortOrder(tx: Db, kind: TaxonomyKind, categoryId: number | undefined): Promise<number> {
  const { table } = taxonomyRules[kind];
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${table.sortOrder}), 0)::int` })
    .from(table)
    .where(categoryId === undefined ? undefined : eq(subCategories.categoryId, categoryId));
  return (row?.last ?? 0) + 1;
}

/** The products' column naming a record of the kind, for the kinds whose names are in products' search keywords. */
const keywordColumns: Partial<Record<TaxonomyKind, AnyPgColumn>> = { categories: products.categoryId, 'sub-categories': products.subCategoryId, brands: products.brandId };

/**
 * A renamed brand, category or sub-category is in its products' search keywords (the search
 * vector's middle weight, as `keywordsOf` writes them: brand, category, sub-category): they are
 * written again, and the typo dictionary follows (the old name's words leave it unless still used).
 */
async function refreshKeywords(tx: Db, kind: TaxonomyKind, id: number, oldName: string) {
  const column = keywordColumns[kind];
  if (!column) return;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${products} set keywords = concat_ws(' ',
          (select ${brands.name} from ${brands} where ${brands.id} = ${products.brandId}),
          (select ${categories.name} from ${categories} where ${categories.id} = ${products.categoryId}),
          (select ${subCategories.name} from ${subCategories} where ${subCategories.id} = ${products.subCategoryId}))
        where ${column} = ${id} returning ${products.id} as id`,
  );
  await updateSearchWords(tx, rows.map((row) => row.id), [oldName]);
}

/**
 * Products name their unit by its text: a renamed unit is renamed on them, and on the cart lines
 * waiting to be ordered (an order keeps the unit it was placed with), in one statement.
 */
async function renameUnit(tx: Db, oldName: string, newName: string) {
  await tx.execute(sql`with renamed as (update ${products} set unit = ${newName} where ${products.unit} = ${oldName} returning ${products.id} as id)
    update ${cartItems} set unit = ${newName} where ${cartItems.unit} = ${oldName} and ${cartItems.productId} in (select id from renamed)`);
}

/** What the audit log compares: the record's fields as the console edits them. */
const audited = ({ id: _id, ...fields }: TaxonomyItem): Record<string, unknown> => fields;

/**
 * The kinds share the columns written here, but not one drizzle type: the kind's zod schema and
 * `columnValues` decide which columns a row gets, so the values are handed over untyped.
 */
const untyped = (values: Record<string, unknown>) => values as never;

/** `POST /api/console/{kind}`: the record, with a slug and image made when none is given, and its audit row, in one transaction. */
export async function createTaxonomy({ db, caches }: CatalogWrites, kind: TaxonomyKind, input: TaxonomyInput, context: AuditContext): Promise<TaxonomyItem> {
  const rules = taxonomyRules[kind];
  const id = await refusingTaken(() =>
    inRetriedTransaction(db, async (tx) => {
      const values = columnValues(kind, input, null);
      if (rules.slug) values.slug ??= slugFor(kind, input.name!);
      if (rules.image) values[rules.image.column] ??= placeholderPath(rules.image.placeholder, String(values.slug));
      await checkInput(tx, kind, null, values);
      values.sortOrder ??= await nextSortOrder(tx, kind, rules.parent ? input.category_id : undefined);
      const [created] = await tx.insert(rules.table).values(untyped(values)).returning({ id: rules.table.id });
      const item = await loadItem(tx, kind, created!.id);
      await recordAudit(tx, context, { action: `${rules.entity}.create`, entityType: rules.entity, entityId: item.id, shopId: null, before: null, after: audited(item) });
      return item.id;
    }),
    takenField,
  );
  caches.invalidate(rules.tags);
  return loadItem(db, kind, id);
}

/** `PATCH /api/console/{kind}/{id}`: the fields given, with an audit row of what changed. */
export async function updateTaxonomy({ db, caches }: CatalogWrites, kind: TaxonomyKind, id: number, input: TaxonomyInput, context: AuditContext): Promise<TaxonomyItem> {
  const rules = taxonomyRules[kind];
  const changed = await refusingTaken(() =>
    inRetriedTransaction(db, async (tx) => {
      const before = await loadItem(tx, kind, id, { lock: true });
      const values = columnValues(kind, input, before);
      if (Object.keys(values).length === 0) return false;
      await checkInput(tx, kind, id, values);
      await tx.update(rules.table).set(untyped(values)).where(eq(rules.table.id, id));
      if (values.name !== undefined && values.name !== before.name) {
        await refreshKeywords(tx, kind, id, before.name);
        if (kind === 'units') await renameUnit(tx, before.name, values.name as string);
      }
      await recordAudit(tx, context, { action: `${rules.entity}.update`, entityType: rules.entity, entityId: id, shopId: null, before: audited(before), after: audited(await loadItem(tx, kind, id)) });
      return true;
    }),
    takenField,
  );
  // A rename also changes what searches find (keywords): listings follow.
  if (changed) caches.invalidate(input.name === undefined ? rules.tags : [...rules.tags, cacheTags.listings]);
  return loadItem(db, kind, id);
}

/**
 * `POST /api/console/{kind}/reorder`: `ids` is every record of the kind (of one category, for
 * sub-categories) once, in the new order; they are numbered 1, 2, … in one statement. The audit row
 * names the list (`*`, or the category of the sub-categories) and keeps the order before and after.
 */
export async function reorderTaxonomy({ db, caches }: CatalogWrites, kind: TaxonomyKind, ids: readonly number[], context: AuditContext): Promise<TaxonomyItem[]> {
  const rules = taxonomyRules[kind];
  const { table } = rules;
  const categoryId = await inRetriedTransaction(db, async (tx) => {
    let scope: SQL | undefined;
    let parentId: number | undefined;
    if (rules.parent) {
      const [first] = await tx.select({ categoryId: subCategories.categoryId }).from(subCategories).where(eq(subCategories.id, ids[0]!));
      if (!first) throw validationFailed({ ids: [REORDER_INCOMPLETE] });
      parentId = first.categoryId;
      scope = eq(subCategories.categoryId, parentId);
    }
    const current = (await tx.select({ id: table.id }).from(table).where(scope).orderBy(...rules.order).for('update')).map((row) => row.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== current.length || current.some((id) => !given.has(id))) throw validationFailed({ ids: [REORDER_INCOMPLETE] });
    await tx.execute(sql`update ${table} set sort_order = given.position::int
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as given(id, position)
      where ${table}.id = given.id`);
    await recordAudit(tx, context, {
      action: `${rules.entity}.reorder`,
      entityType: rules.entity,
      entityId: parentId === undefined ? '*' : `category:${parentId}`,
      shopId: null,
      before: { order: current },
      after: { order: ids },
    });
    return parentId;
  });
  caches.invalidate(rules.tags);
  return listTaxonomy(db, kind, { categoryId });
}

/**
 * `POST /api/console/{kind}/{id}/archive` and `.../restore`: archived, a record leaves the
 * storefront's lists and filters (a category takes its sub-categories with it) while the products
 * that have it keep it; nothing is deleted. Archiving an archived record changes nothing.
 */
export async function setTaxonomyArchived({ db, caches }: CatalogWrites, kind: TaxonomyKind, id: number, archived: boolean, context: AuditContext): Promise<TaxonomyItem> {
  const rules = taxonomyRules[kind];
  const changed = await inRetriedTransaction(db, async (tx) => {
    const before = await loadItem(tx, kind, id, { lock: true });
    if (before.archived === archived) return false;
    await tx.update(rules.table).set({ isActive: !archived }).where(eq(rules.table.id, id));
    await recordAudit(tx, context, {
      action: `${rules.entity}.${archived ? 'archive' : 'restore'}`,
      entityType: rules.entity,
      entityId: id,
      shopId: null,
      before: { archived: before.archived },
      after: { archived },
    });
    return true;
  });
  if (changed) caches.invalidate(rules.tags);
  return loadItem(db, kind, id);
}
