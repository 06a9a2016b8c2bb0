import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stockLedgerDisagreements } from '../features/inventory/inventory.service.ts';
import { migratedAcross } from '../test/earlier-migrations.ts';
import { queryRows, type Database } from './client.ts';

// The catalogue, a cart and an order as a store had them before variants; one statement at a time, as PGlite takes them.
const rows = `
    insert into shops (id, name, slug, logo, banner) values (1, 'Shop', 'shop', '/l.svg', '/b.svg');
    insert into categories (id, name, slug, thumbnail) values (1, 'Clothes', 'clothes', '/c.svg');
    insert into colors (id, name, code) values (1, 'Red', '#f00'), (2, 'Navy Blue', '#00f');
    insert into sizes (id, name, sort_order) values (1, 'L', 3), (2, 'M', 2);
    insert into products (id, shop_id, category_id, name, slug, sku, thumbnail, price, stock) values
      (1, 1, 1, 'Plain Mug', 'plain-mug', 'MUG', '/m.svg', 500, 7),
      (2, 1, 1, 'Shirt', 'shirt', 'SHIRT', '/s.svg', 2000, 11),
      (3, 1, 1, 'Scarf', 'scarf', 'SCARF', '/f.svg', 900, 5),
      (4, 1, 1, 'Sold Out Cap', 'cap', 'CAP', '/c.svg', 700, 0);
    insert into product_colors (product_id, color_id) values (2, 1), (2, 2), (3, 1), (3, 2), (4, 1);
    insert into product_sizes (product_id, size_id) values (2, 1), (2, 2);
    insert into users (id, name, email) values (1, 'Ada', 'ada@example.test');
    insert into cart_items (user_id, product_id, quantity, color_id, size_id, unit) values
      (1, 1, 2, null, null, 'pc'), (1, 2, 1, 2, 1, 'pc'), (1, 3, 1, null, null, 'pc');
    insert into payments (id, user_id, method, amount, currency) values (1, 1, 'cash', 4000, 'USD');
    insert into orders (id, user_id, shop_id, payment_id, payment_method, address, subtotal, delivery_charge, tax_amount, payable_amount,
      currency_name, currency_symbol, currency_rate) values (1, 1, 1, 1, 'cash', '{}', 4000, 0, 0, 4000, 'USD', '$', 1);
    insert into order_items (order_id, product_id, name, sku, thumbnail, unit_price, quantity, line_total, tax_rate, tax_amount, color, size, unit) values
      (1, 2, 'Shirt', 'SHIRT', '/s.svg', 2000, 1, 2000, 0, 0, 'Red', 'M', 'pc'),
      (1, 1, 'Plain Mug', 'MUG', '/m.svg', 500, 1, 500, 0, 0, null, null, 'pc')`;

let database: Database;
beforeAll(async () => {
  database = await migratedAcross('0012_product_variants_stock_ledger', rows);
  // Every migration from an empty database: far longer than opening a migrated copy.
}, 180_000);
afterAll(() => database?.close());

interface VariantRow {
  product_id: number;
  color: string | null;
  size: string | null;
  sku: string;
  stock: number;
  price: number | null;
}

const variants = () =>
  queryRows<VariantRow>(
    database.db,
    sql`select v.product_id, c.name as color, s.name as size, v.sku, v.stock, v.price
        from product_variants v left join colors c on c.id = v.color_id left join sizes s on s.id = v.size_id
        order by v.id`,
  );

it('gives every product its variants, splitting its stock with the remainder on the first', async () => {
  expect(await variants()).toEqual([
    { product_id: 1, color: null, size: null, sku: 'MUG', stock: 7, price: null },
    { product_id: 2, color: 'Red', size: 'M', sku: 'SHIRT-RED-M', stock: 5, price: null },
    { product_id: 2, color: 'Red', size: 'L', sku: 'SHIRT-RED-L', stock: 2, price: null },
    { product_id: 2, color: 'Navy Blue', size: 'M', sku: 'SHIRT-NAVYBLUE-M', stock: 2, price: null },
    { product_id: 2, color: 'Navy Blue', size: 'L', sku: 'SHIRT-NAVYBLUE-L', stock: 2, price: null },
    { product_id: 3, color: 'Red', size: null, sku: 'SCARF-RED', stock: 3, price: null },
    { product_id: 3, color: 'Navy Blue', size: null, sku: 'SCARF-NAVYBLUE', stock: 2, price: null },
    { product_id: 4, color: 'Red', size: null, sku: 'CAP-RED', stock: 0, price: null },
  ]);
  const stocks = await queryRows<{ id: number; stock: number }>(database.db, sql`select id, stock from products order by id`);
  expect(stocks).toEqual([
    { id: 1, stock: 7 },
    { id: 2, stock: 11 },
    { id: 3, stock: 5 },
    { id: 4, stock: 0 },
  ]);
});

it('starts the ledger with an import per stocked variant, agreeing with every counter', async () => {
  const movements = await queryRows<{ sku: string; change: number; reason: string }>(
    database.db,
    sql`select v.sku, m.change, m.reason from stock_movements m join product_variants v on v.id = m.variant_id order by m.id`,
  );
  expect(movements).toEqual([
    { sku: 'MUG', change: 7, reason: 'import' },
    { sku: 'SHIRT-RED-M', change: 5, reason: 'import' },
    { sku: 'SHIRT-RED-L', change: 2, reason: 'import' },
    { sku: 'SHIRT-NAVYBLUE-M', change: 2, reason: 'import' },
    { sku: 'SHIRT-NAVYBLUE-L', change: 2, reason: 'import' },
    { sku: 'SCARF-RED', change: 3, reason: 'import' },
    { sku: 'SCARF-NAVYBLUE', change: 2, reason: 'import' },
  ]);
  expect(await stockLedgerDisagreements(database.db)).toEqual([]);
});

it('points cart and order lines at the variant of their colour and size, else their product’s first', async () => {
  const cartLines = await queryRows<{ product_id: number; sku: string; quantity: number }>(
    database.db,
    sql`select ci.product_id, v.sku, ci.quantity from cart_items ci join product_variants v on v.id = ci.variant_id order by ci.id`,
  );
  expect(cartLines).toEqual([
    { product_id: 1, sku: 'MUG', quantity: 2 },
    { product_id: 2, sku: 'SHIRT-NAVYBLUE-L', quantity: 1 },
    { product_id: 3, sku: 'SCARF-RED', quantity: 1 },
  ]);
  const orderLines = await queryRows<{ product_id: number; sku: string; line_sku: string }>(
    database.db,
    sql`select oi.product_id, v.sku, oi.sku as line_sku from order_items oi join product_variants v on v.id = oi.variant_id order by oi.id`,
  );
  // The line keeps the SKU it was sold under; the variant is the one it names.
  expect(orderLines).toEqual([
    { product_id: 2, sku: 'SHIRT-RED-M', line_sku: 'SHIRT' },
    { product_id: 1, sku: 'MUG', line_sku: 'MUG' },
  ]);
});
