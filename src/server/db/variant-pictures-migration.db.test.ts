import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// Variants with one picture and without, and a seller's proposal naming a picture, a removed one and none.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'First', 'first', '/l.svg', '/b.svg');
    insert into categories (id, name, slug, thumbnail) values (1, 'Home', 'home', '/c.svg');
    insert into products (id, shop_id, category_id, name, slug, sku, thumbnail, price) values
      (1, 1, 1, 'Lamp', 'lamp', 'LAMP', '/p.svg', 100), (2, 1, 1, 'Shade', 'shade', 'SHADE', '/p.svg', 100);
    insert into product_variants (product_id, sku, image) values (1, 'LAMP-W', '/media/white.webp'), (2, 'SHADE-B', null);
    insert into product_revisions (product_id, shop_id, kind, changes, proposed) values (1, 1, 'update',
      '{"name": "Lamp", "variants": [{"id": 1, "image": "/media/new.webp"}, {"id": 2, "image": null}, {"sku": "LAMP-R"}]}',
      '{"name": "Lamp", "variants": [{"id": 1, "sku": "LAMP-W", "image": "/media/new.webp"}, {"id": 2, "sku": "LAMP-B", "image": null}]}')`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0023_variant_pictures', rows);
}, 180_000);
afterAll(() => database?.close());

it("makes a variant's picture the first of its pictures, and a variant without one has none", async () => {
  const variants = await queryRows<{ sku: string; images: string[] }>(database.db, sql`select sku, images from product_variants order by id`);
  expect(variants).toEqual([
    { sku: 'LAMP-W', images: ['/media/white.webp'] },
    { sku: 'SHADE-B', images: [] },
  ]);
});

it('rewrites a waiting proposal so approving it still sets, removes or leaves each variant’s pictures', async () => {
  const [revision] = await queryRows<{ changes: unknown; proposed: unknown }>(database.db, sql`select changes, proposed from product_revisions`);
  expect(revision!.changes).toEqual({ name: 'Lamp', variants: [{ id: 1, images: ['/media/new.webp'] }, { id: 2, images: [] }, { sku: 'LAMP-R' }] });
  expect(revision!.proposed).toEqual({
    name: 'Lamp',
    variants: [
      { id: 1, sku: 'LAMP-W', images: ['/media/new.webp'] },
      { id: 2, sku: 'LAMP-B', images: [] },
    ],
  });
});
