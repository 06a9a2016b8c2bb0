import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, subCategories } from '../../db/schema.ts';
import { localized } from '../../db/translations.ts';
import type { Category } from '../../../shared/catalog.contract.ts';
import { notFound } from '../../platform/errors.ts';

export async function listCategories(db: Db, locale: string): Promise<Category[]> {
  const [parents, children] = await Promise.all([
    db.select({ id: categories.id, name: localized(categories, 'name', locale), slug: categories.slug, thumbnail: categories.thumbnail })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select({
      id: subCategories.id,
      categoryId: subCategories.categoryId,
      name: localized(subCategories, 'name', locale),
      slug: subCategories.slug,
      thumbnail: subCategories.thumbnail,
    })
      .from(subCategories)
      .where(eq(subCategories.isActive, true))
      .orderBy(asc(subCategories.sortOrder), asc(subCategories.id)),
  ]);
  return parents.map((parent) => ({
    ...parent,
    sub_categories: children
      .filter((child) => child.categoryId === parent.id)
      .map((child) => ({ id: child.id, name: child.name, slug: child.slug, thumbnail: child.thumbnail })),
  }));
}

/** A category by slug, or by id as the header's sub-category links name it. */
export async function findCategory(db: Db, slugOrId: string, locale: string): Promise<Category> {
  const list = await listCategories(db, locale);
  const byId = /^\d+$/.test(slugOrId) ? Number(slugOrId) : undefined;
  const category = list.find((entry) => entry.slug === slugOrId || entry.id === byId);
  if (!category) throw notFound('Category not found');
  return category;
}
