import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleEnrolmentSchema, consoleFlashSaleSchema, type ConsoleEnrolment, type ConsoleFlashSale } from '../../../shared/flash-sales-console.contract.ts';
import { auditLog, flashSaleEnrolments, orderItems } from '../../db/schema.ts';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { addConsoleMember, addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { addEnrolment, addSale, newSaleBody } from '../../test/flash-sale-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { addShoppers, fillCarts, placeOrderCall } from '../../test/order-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
let seller: string;
let sellerShop: number;
let otherSeller: string;
let otherShop: number;

const HOUR_MS = 3_600_000;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (authorization: string, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/console${url}`, headers: { authorization }, ...(payload && { payload }) });
const saleOf = (response: { statusCode: number; body: string; json(): { data: { flash_sale: unknown } } }, status = 200): ConsoleFlashSale => {
  expect(response.statusCode, response.body).toBe(status);
  return consoleFlashSaleSchema.parse(response.json().data.flash_sale);
};
const enrolmentsOf = (response: { statusCode: number; body: string; json(): { data: { enrolments: unknown[] } } }, status = 201): ConsoleEnrolment[] => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data.enrolments.map((row) => consoleEnrolmentSchema.parse(row));
};
const now = () => ctx.app.clock.now();
const at = (hours: number) => new Date(now().getTime() + hours * HOUR_MS).toISOString();
const auditActions = async (entityType: string, entityId: number) =>
  (await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId)))).orderBy(asc(auditLog.id))).map(
    (row) => row.action,
  );
const storefront = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}` });
const cardOf = async (url: string, productId: number) => {
  const response = await storefront(url);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.products as Array<{ id: number; price: number; discount_price: number; flash_sale: { id: number } | null }>).find((card) => card.id === productId);
};
/** A product of the shop with one variant at 20.00 and 8 on the shelf. */
const product = async (shopId: number, name = `Sale Lamp ${Math.random().toString(36).slice(2, 8)}`) => {
  const [id] = await addProducts(ctx.database.db, [{ name, shopId, price: 20_00, stock: 8 }]);
  const [variant] = await variantsOf(ctx.database.db, id!);
  return { id: id!, variantId: variant!.id };
};

beforeAll(async () => {
  ctx = await createTestApp({ jobs: quickJobTiming({ flashSaleClockSeconds: 1 }) });
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  sellerShop = await sellerShopId(ctx.app);
  const other = await addShopWithOwner(ctx.app);
  otherSeller = other.owner.authorization;
  otherShop = other.shop.id;
}, 60_000);
afterAll(() => ctx?.close());

describe('the store’s flash sales', () => {
  it('creates a sale with its texts per language, changes and schedules it, each with an audit row', async () => {
    const created = saleOf(
      await call(owner, 'POST', '/flash-sales', newSaleBody(now(), { banner_alt: 'Lamps half off', translations: { ar: { name: 'تخفيضات الصيف', banner: '/media/placeholder/banner/summer-ar.svg' } } })),
      201,
    );
    expect(created).toMatchObject({
      name: 'Summer Flash Sale',
      banner: '/media/placeholder/banner/summer.svg',
      banner_alt: 'Lamps half off',
      translations: { ar: { name: 'تخفيضات الصيف', banner: '/media/placeholder/banner/summer-ar.svg' } },
      status: 'scheduled',
      enrolment_open: true,
      auto_approve: false,
      ended_early_at: null,
      has_orders: false,
      enrolment_counts: { pending: 0, approved: 0, declined: 0 },
    });

    const startsAt = at(30);
    const moved = saleOf(await call(owner, 'PATCH', `/flash-sales/${created.id}`, { starts_at: startsAt, ends_at: at(40), translations: { ir: { name: 'حراج تابستان' } } }));
    expect(moved.starts_at).toBe(startsAt);
    expect(moved.translations).toEqual({ ar: created.translations.ar, ir: { name: 'حراج تابستان' } });
    expect(await auditActions('flash_sale', created.id)).toEqual(['flash_sale.create', 'flash_sale.update']);

    const listed = await call(owner, 'GET', '/flash-sales?status=scheduled&search=summer%20flash');
    expect(listed.json().data.flash_sales.map((sale: ConsoleFlashSale) => sale.id)).toContain(created.id);

    // The storefront's public shape, in Arabic too.
    const publicSale = await ctx.app.inject({ method: 'GET', url: `/api/flash-sales/${created.id}`, headers: { 'accept-language': 'ar' } });
    expect(publicSale.json().data.flash_sale).toMatchObject({ id: created.id, name: 'تخفيضات الصيف', thumbnail: '/media/placeholder/banner/summer-ar.svg', status: 'upcoming' });
  });

  it('refuses bad times and texts with their fields’ errors', async () => {
    const texts = await call(owner, 'POST', '/flash-sales', newSaleBody(now(), { name: '', banner: 'ftp://x', starts_at: 'soon' }));
    expect(texts.statusCode).toBe(422);
    expect(texts.json().errors).toEqual({
      name: ['The name field is required.'],
      banner: ['The banner must be a /media/ path or an https address.'],
      starts_at: ['The starts at is not a valid date.'],
    });
    const refused = await call(owner, 'POST', '/flash-sales', newSaleBody(now(), { ends_at: at(10), enrolment_ends_at: at(30) }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      ends_at: ['The ends at must be a date after starts at.'],
      enrolment_ends_at: ['The enrolment ends at must be a date before or equal to ends at.'],
    });
    const past = await call(owner, 'POST', '/flash-sales', newSaleBody(now(), { starts_at: at(-5), ends_at: at(-1), enrolment_starts_at: at(-6), enrolment_ends_at: at(-2) }));
    expect(past.json().errors).toEqual({ ends_at: ['The ends at must be a date in the future.'] });
    const window = await call(owner, 'POST', '/flash-sales', newSaleBody(now(), { enrolment_starts_at: at(5), enrolment_ends_at: at(2) }));
    expect(window.json().errors).toEqual({ enrolment_ends_at: ['The enrolment ends at must be a date after enrolment starts at.'] });

    const saleId = await addSale(ctx.database.db, now());
    const edited = await call(owner, 'PATCH', `/flash-sales/${saleId}`, { enrolment_ends_at: at(60) });
    expect(edited.json().errors).toEqual({ enrolment_ends_at: ['The enrolment ends at must be a date before or equal to ends at.'] });
  });

  it('keeps a running sale’s start, ends it early, then refuses to change it', async () => {
    const saleId = await addSale(ctx.database.db, now(), { startsAt: new Date(now().getTime() - HOUR_MS) });
    const moved = await call(owner, 'PATCH', `/flash-sales/${saleId}`, { starts_at: at(1) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('A running flash sale keeps its start time.');

    const ended = saleOf(await call(owner, 'POST', `/flash-sales/${saleId}/end`));
    expect(ended).toMatchObject({ status: 'ended', enrolment_open: false });
    expect(ended.ended_early_at).not.toBeNull();
    const again = await call(owner, 'PATCH', `/flash-sales/${saleId}`, { name: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An ended flash sale cannot be changed.');
    expect(await auditActions('flash_sale', saleId)).toEqual(['flash_sale.end']);

    const scheduled = await addSale(ctx.database.db, now());
    const early = await call(owner, 'POST', `/flash-sales/${scheduled}/end`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a running flash sale can be ended early.');
  });

  it('deletes a sale without orders, and refuses one an order was placed in', async () => {
    const empty = await addSale(ctx.database.db, now());
    expect((await call(owner, 'DELETE', `/flash-sales/${empty}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/flash-sales/${empty}`)).statusCode).toBe(404);
    expect(await auditActions('flash_sale', empty)).toEqual(['flash_sale.delete']);

    const saleId = await addSale(ctx.database.db, now(), { startsAt: new Date(now().getTime() - HOUR_MS) });
    const lamp = await product(sellerShop);
    await addEnrolment(ctx.database.db, saleId, lamp.id, { salePrice: 12_00, status: 'approved' });
    const [shopper] = await addShoppers(ctx.database.db, 1);
    await fillCarts(ctx.database.db, [shopper!], [{ productId: lamp.id, quantity: 1 }]);
    const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [sellerShop], address_id: shopper!.addressId, payment_method: 'cash' });
    expect(placed.statusCode, placed.body).toBe(200);

    expect(saleOf(await call(owner, 'GET', `/flash-sales/${saleId}`)).has_orders).toBe(true);
    const refused = await call(owner, 'DELETE', `/flash-sales/${saleId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A flash sale with orders cannot be deleted.');
  });

  it('refuses a seller the sale’s own writes and the decisions', async () => {
    const saleId = await addSale(ctx.database.db, now());
    const lamp = await product(sellerShop);
    const enrolmentId = await addEnrolment(ctx.database.db, saleId, lamp.id);
    for (const [method, url, payload] of [
      ['POST', '/flash-sales', newSaleBody(now())],
      ['PATCH', `/flash-sales/${saleId}`, { name: 'Mine now' }],
      ['POST', `/flash-sales/${saleId}/end`, undefined],
      ['DELETE', `/flash-sales/${saleId}`, undefined],
      ['POST', `/flash-sales/${saleId}/enrolments/${enrolmentId}/approve`, undefined],
      ['POST', `/flash-sales/${saleId}/enrolments/${enrolmentId}/decline`, { reason: 'No' }],
    ] as const) {
      const refused = await call(seller, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
    }
    // Staff without the permission do not even read them.
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    expect((await call(manager, 'GET', '/flash-sales')).statusCode).toBe(403);
  });
});

describe('enrolments', () => {
  it('lets a seller enrol their own variants while the window is open, by price or percentage, and see the sales open to them', async () => {
    const saleId = await addSale(ctx.database.db, now());
    const lamp = await product(sellerShop);
    const kettle = await product(sellerShop);
    const open = await call(seller, 'GET', '/flash-sales?enrolling=true');
    expect(open.json().data.flash_sales.map((sale: ConsoleFlashSale) => sale.id)).toContain(saleId);

    const enrolled = enrolmentsOf(
      await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, {
        variants: [
          { variant_id: lamp.variantId, sale_price: 14.5, stock_cap: 3 },
          { variant_id: kettle.variantId, percentage: 25 },
        ],
      }),
    );
    expect(enrolled.map(({ variant, sale_price, percentage, stock_cap, status, regular_price, shop }) => ({ variant: variant.id, sale_price, percentage, stock_cap, status, regular_price, shop: shop.id }))).toEqual([
      { variant: lamp.variantId, sale_price: 14.5, percentage: null, stock_cap: 3, status: 'pending', regular_price: 20, shop: sellerShop },
      { variant: kettle.variantId, sale_price: 15, percentage: 25, stock_cap: null, status: 'pending', regular_price: 20, shop: sellerShop },
    ]);
    expect(await auditActions('flash_sale_enrolment', enrolled[0]!.id)).toEqual(['flash_sale_enrolment.create']);
    expect(saleOf(await call(seller, 'GET', `/flash-sales/${saleId}`)).enrolment_counts).toEqual({ pending: 2, approved: 0, declined: 0 });

    // Withdrawn while pending.
    expect((await call(seller, 'DELETE', `/flash-sales/${saleId}/enrolments/${enrolled[1]!.id}`)).statusCode).toBe(200);
    expect(await auditActions('flash_sale_enrolment', enrolled[1]!.id)).toEqual(['flash_sale_enrolment.create', 'flash_sale_enrolment.withdraw']);
  });

  it('refuses each bad row under its own field', async () => {
    const saleId = await addSale(ctx.database.db, now());
    const lamp = await product(sellerShop);
    const theirs = await product(otherShop);
    const enrolledAlready = await product(sellerShop);
    await addEnrolment(ctx.database.db, saleId, enrolledAlready.id);
    const refused = await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, {
      variants: [
        { variant_id: lamp.variantId, sale_price: 20 },
        { variant_id: theirs.variantId, sale_price: 5 },
        { variant_id: enrolledAlready.variantId, percentage: 10 },
        { variant_id: lamp.variantId, percentage: 50 },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'variants.0.sale_price': ["The sale price must be below the variant's current price."],
      'variants.1.variant_id': ['The variant must belong to an active product of the shop.'],
      'variants.2.variant_id': ['The variant is already enrolled in this flash sale.'],
      'variants.3.variant_id': ['The variant is named more than once.'],
    });
    const both = await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, { variants: [{ variant_id: lamp.variantId, percentage: 10, sale_price: 3 }] });
    expect(both.json().errors).toEqual({ 'variants.0.sale_price': ['Give either a sale price or a percentage.'] });
    const bad = await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, { variants: [{ variant_id: lamp.variantId, percentage: 100 }] });
    expect(bad.json().errors).toEqual({ 'variants.0.percentage': ['The percentage must not be greater than 99.'] });
  });

  it('keeps each shop to its own: another shop’s variants, enrolments and counts', async () => {
    const saleId = await addSale(ctx.database.db, now());
    const theirs = await product(otherShop);
    const theirEnrolment = await addEnrolment(ctx.database.db, saleId, theirs.id);
    const ours = await product(sellerShop);
    await addEnrolment(ctx.database.db, saleId, ours.id);

    const listed = await call(seller, 'GET', `/flash-sales/${saleId}/enrolments?shop_id=${otherShop}`);
    expect(listed.json().data.enrolments.map((row: ConsoleEnrolment) => row.shop.id)).toEqual([sellerShop]);
    expect(saleOf(await call(seller, 'GET', `/flash-sales/${saleId}`)).enrolment_counts.pending).toBe(1);
    expect((await call(seller, 'DELETE', `/flash-sales/${saleId}/enrolments/${theirEnrolment}`)).statusCode).toBe(404);
    const other = await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, { shop_id: otherShop, variants: [{ variant_id: theirs.variantId, percentage: 10 }] });
    expect(other.json().errors).toEqual({ shop_id: ['The selected shop id is invalid.'] });

    // The store's staff see every shop's, and enrol for a shop they name.
    expect((await call(owner, 'GET', `/flash-sales/${saleId}/enrolments`)).json().data.enrolments).toHaveLength(2);
    const staffEnrol = await call(owner, 'POST', `/flash-sales/${saleId}/enrolments`, { variants: [{ variant_id: theirs.variantId, percentage: 10 }] });
    expect(staffEnrol.json().errors).toEqual({ shop_id: ['The shop id field is required.'] });
    // A shop's staff member given the permission enrols for the shop; one without it cannot.
    const staff = await addConsoleMember(ctx.app, 'shop_staff', { shopId: otherShop, permissions: ['promotions.write'] });
    const fresh = await product(otherShop);
    enrolmentsOf(await call(staff.authorization, 'POST', `/flash-sales/${saleId}/enrolments`, { variants: [{ variant_id: fresh.variantId, sale_price: 9.99 }] }));
    const without = await addConsoleMember(ctx.app, 'shop_staff', { shopId: otherShop, permissions: ['orders.read'] });
    expect((await call(without.authorization, 'GET', '/flash-sales')).statusCode).toBe(403);
    expect((await call(otherSeller, 'GET', `/flash-sales/${saleId}/enrolments`)).json().data.enrolments).toHaveLength(2);
  });

  it('refuses enrolment outside the window', async () => {
    const closed = await addSale(ctx.database.db, now(), { enrolmentStartsAt: new Date(now().getTime() + HOUR_MS), enrolmentEndsAt: new Date(now().getTime() + 2 * HOUR_MS) });
    const lamp = await product(sellerShop);
    const refused = await call(seller, 'POST', `/flash-sales/${closed}/enrolments`, { variants: [{ variant_id: lamp.variantId, percentage: 10 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The enrolment window of this flash sale is not open.');
  });

  it('approves at once when the sale says so; the store approves or declines with a reason otherwise', async () => {
    const automatic = await addSale(ctx.database.db, now(), { autoApprove: true });
    const lamp = await product(sellerShop);
    const [approved] = enrolmentsOf(await call(seller, 'POST', `/flash-sales/${automatic}/enrolments`, { variants: [{ variant_id: lamp.variantId, percentage: 10 }] }));
    expect(approved).toMatchObject({ status: 'approved', sale_price: 18 });
    expect(approved!.decided_at).not.toBeNull();

    const saleId = await addSale(ctx.database.db, now());
    const kettle = await product(sellerShop);
    const mug = await product(sellerShop);
    const [first, second] = enrolmentsOf(
      await call(seller, 'POST', `/flash-sales/${saleId}/enrolments`, { variants: [{ variant_id: kettle.variantId, percentage: 10 }, { variant_id: mug.variantId, sale_price: 19 }] }),
    );
    const yes = await call(owner, 'POST', `/flash-sales/${saleId}/enrolments/${first!.id}/approve`);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().data.enrolment.status).toBe('approved');
    const no = await call(owner, 'POST', `/flash-sales/${saleId}/enrolments/${second!.id}/decline`, { reason: 'Barely a discount.' });
    expect(no.json().data.enrolment).toMatchObject({ status: 'declined', decline_reason: 'Barely a discount.' });
    const missing = await call(owner, 'POST', `/flash-sales/${saleId}/enrolments/${second!.id}/decline`, {});
    expect(missing.json().errors).toEqual({ reason: ['The reason field is required.'] });
    const twice = await call(owner, 'POST', `/flash-sales/${saleId}/enrolments/${second!.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Only a pending enrolment can be approved or declined.');
    expect(await auditActions('flash_sale_enrolment', second!.id)).toEqual(['flash_sale_enrolment.create', 'flash_sale_enrolment.decline']);
    const seen = await call(seller, 'GET', `/flash-sales/${saleId}/enrolments?status=declined`);
    expect(seen.json().data.enrolments.map((row: ConsoleEnrolment) => row.decline_reason)).toEqual(['Barely a discount.']);
  });
});

describe('prices in the storefront', () => {
  it('follows the sale in cards, product page, cart and checkout, keeps the order’s price, and returns to normal at its end without any write', async () => {
    const lamp = await product(sellerShop, 'Clockwork Lamp');
    const saleId = await addSale(ctx.database.db, now(), { startsAt: new Date(now().getTime() - HOUR_MS), endsAt: new Date(now().getTime() + 4_000) });
    await addEnrolment(ctx.database.db, saleId, lamp.id, { salePrice: 12_00, status: 'approved' });
    ctx.app.caches.invalidate(['listings', 'flash-sales']);

    expect(await cardOf(`/flash-sales/${saleId}`, lamp.id)).toMatchObject({ price: 20, discount_price: 12, flash_sale: { id: saleId } });
    // The price filter and sort read the sale price.
    const cheap = `/products?shop_id=${sellerShop}&max_price=12.5&sort_type=low_to_high&per_page=100`;
    expect(await cardOf(cheap, lamp.id)).toMatchObject({ discount_price: 12 });
    const page = (await storefront(`/products/${lamp.id}`)).json().data.product;
    expect(page.variants[0].discount_price).toBe(12);

    const [shopper] = await addShoppers(ctx.database.db, 1);
    await fillCarts(ctx.database.db, [shopper!], [{ productId: lamp.id, quantity: 2 }]);
    const placed = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [sellerShop], address_id: shopper!.addressId, payment_method: 'cash' });
    expect(placed.statusCode, placed.body).toBe(200);
    const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.productId, lamp.id));
    expect(line).toMatchObject({ unitPrice: 12_00, flashSaleId: saleId });
    const [enrolment] = await ctx.database.db.select().from(flashSaleEnrolments).where(eq(flashSaleEnrolments.flashSaleId, saleId));
    expect(enrolment!.sold).toBe(2);

    // The end passes: no write, and the listing, the product page and the cart are back to the normal price.
    await vi.waitFor(async () => expect(await cardOf('/products?search=Clockwork&per_page=100', lamp.id)).toMatchObject({ discount_price: 0, flash_sale: null }), { timeout: 15_000, interval: 250 });
    expect(await cardOf(cheap, lamp.id)).toBeUndefined();
    await vi.waitFor(async () => expect((await storefront(`/products/${lamp.id}`)).json().data.product.variants[0].discount_price).toBe(0), { timeout: 5_000, interval: 250 });
    await fillCarts(ctx.database.db, [shopper!], [{ productId: lamp.id, quantity: 1 }]);
    const after = await placeOrderCall(ctx.app, shopper!.authorization, { shop_ids: [sellerShop], address_id: shopper!.addressId, payment_method: 'cash' });
    expect(after.statusCode, after.body).toBe(200);
    const lines = await ctx.database.db.select().from(orderItems).where(eq(orderItems.productId, lamp.id)).orderBy(asc(orderItems.id));
    expect(lines.map((row) => [row.unitPrice, row.flashSaleId])).toEqual([
      [12_00, saleId],
      [20_00, null],
    ]);
  }, 60_000);

  it('sells a capped variant at its normal price once sold out, lets one of two racing checkouts have the last unit, and takes units back on cancellation', async () => {
    const lamp = await product(sellerShop, 'Last Lamp');
    const saleId = await addSale(ctx.database.db, now(), { startsAt: new Date(now().getTime() - HOUR_MS) });
    await addEnrolment(ctx.database.db, saleId, lamp.id, { salePrice: 10_00, status: 'approved', stockCap: 1 });
    const shoppers = await addShoppers(ctx.database.db, 2);
    await fillCarts(ctx.database.db, shoppers, [{ productId: lamp.id, quantity: 1 }]);
    // Each saw the sale price: 10.00 and the delivery charge.
    const summaries = await Promise.all(
      shoppers.map(async (shopper) => {
        const summary = await ctx.app.inject({ method: 'POST', url: '/api/cart/checkout', headers: { authorization: shopper.authorization }, payload: { shop_ids: [sellerShop] } });
        expect(summary.statusCode, summary.body).toBe(200);
        return summary.json<{ data: { checkout: { total_amount: number; payable_amount: number } } }>().data.checkout;
      }),
    );
    expect(summaries.map((summary) => summary.total_amount)).toEqual([10, 10]);
    const results = await Promise.all(
      shoppers.map((shopper, index) =>
        placeOrderCall(ctx.app, shopper.authorization, { shop_ids: [sellerShop], address_id: shopper.addressId, payment_method: 'cash', expected_payable_amount: summaries[index]!.payable_amount }),
      ),
    );
    const codes = results.map((result) => result.statusCode).sort();
    expect(codes, results.map((result) => result.body).join('\n')).toEqual([200, 409]);
    const refused = results.find((result) => result.statusCode === 409)!;
    expect(['Prices have changed. Please review your order.', 'The sale price of an item in your cart has just sold out. Please review your cart.']).toContain(refused.json().message);
    const [enrolment] = await ctx.database.db.select().from(flashSaleEnrolments).where(eq(flashSaleEnrolments.flashSaleId, saleId));
    expect(enrolment!.sold).toBe(1);

    // Sold out: the card and the product page show the normal price.
    ctx.app.caches.invalidate(['listings', 'flash-sales', `product:${lamp.id}`]);
    expect(await cardOf(`/flash-sales/${saleId}`, lamp.id)).toMatchObject({ discount_price: 0, flash_sale: null });

    // The winner cancels: the unit is back at the sale price.
    const winner = shoppers[results.findIndex((result) => result.statusCode === 200)]!;
    const orderId = results.find((result) => result.statusCode === 200)!.json<{ data: { orders: Array<{ id: number }> } }>().data.orders[0]!.id;
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: { authorization: winner.authorization } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [given] = await ctx.database.db.select().from(flashSaleEnrolments).where(eq(flashSaleEnrolments.flashSaleId, saleId));
    expect(given!.sold).toBe(0);
  }, 60_000);
});

