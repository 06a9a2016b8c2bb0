import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, subCategories } from '../db/schema.ts';
import { slugify } from '../platform/slugs.ts';
import { placeholderPath } from '../features/media/placeholder-image.ts';
import { categoryTranslations } from './data/catalog-translations.ts';

export const demoCategories: ReadonlyArray<{ name: string; subCategories: string[] }> = [
  { name: 'Electronics', subCategories: ['Phones', 'Laptops', 'Audio', 'Cameras', 'Wearables'] },
  { name: 'Fashion', subCategories: ['Men', 'Women', 'Kids', 'Shoes', 'Bags'] },
  { name: 'Home & Living', subCategories: ['Furniture', 'Kitchen', 'Decor', 'Bedding'] },
  { name: 'Beauty', subCategories: ['Skincare', 'Makeup', 'Fragrance', 'Hair Care'] },
  { name: 'Sports & Outdoors', subCategories: ['Fitness', 'Camping', 'Cycling', 'Team Sports'] },
  { name: 'Grocery', subCategories: ['Snacks', 'Beverages', 'Pantry', 'Fresh Produce'] },
  { name: 'Toys & Games', subCategories: ['Building Sets', 'Board Games', 'Dolls', 'Outdoor Play'] },
  { name: 'Books', subCategories: ['Fiction', 'Non-fiction', 'Children', 'Comics'] },
];

export async function seedCategories(db: Db) {
  for (const [index, entry] of demoCategories.entries()) {
    const slug = slugify(entry.name);
    await db
      .insert(categories)
      .values({ name: entry.name, slug, thumbnail: placeholderPath('category', slug), sortOrder: index, translations: categoryTranslations[entry.name] ?? {} })
      .onConflictDoNothing();
    const [parent] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    if (!parent) continue;
    await db
      .insert(subCategories)
      .values(
        entry.subCategories.map((name, childIndex) => {
          const childSlug = `${slug}-${slugify(name)}`;
          return {
            categoryId: parent.id,
            name,
            translations: categoryTranslations[name] ?? {},
            slug: childSlug,
            thumbnail: placeholderPath('sub-category', childSlug),
            sortOrder: childIndex,
          };
        }),
      )
      .onConflictDoNothing();
  }
}
