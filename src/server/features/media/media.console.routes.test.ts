import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAsset } from '../../../shared/media.contract.ts';
import { auditLog, mediaAssets } from '../../db/schema.ts';
import { catalogAnchors } from '../../test/catalog-fixtures.ts';
import { addShopWithOwner, signInConsoleMember } from '../../test/console-fixtures.ts';
import { drawnPicture, multipartBody, type FilePart } from '../../test/multipart-fixtures.ts';
import { sellerShopId } from '../../test/staff-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createEncodingQueue, ENCODER_BUSY_MESSAGE } from './media-library.service.ts';

let ctx: TestContext;
let store: string;
let seller: string;
let otherSeller: string;
let firstShopId: number;
let categoryId: number;

const upload = async (authorization: string, file?: FilePart) => {
  const { payload, headers } = await multipartBody({}, file ? [file] : []);
  return ctx.app.inject({ method: 'POST', url: '/api/console/media', payload, headers: { authorization, ...headers } });
};
const uploaded = async (authorization: string, file: FilePart) => {
  const response = await upload(authorization, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { media: MediaAsset } }>().data.media;
};
const png = async (width: number, height: number) => ({ name: 'photo.png', type: 'image/png', data: await drawnPicture('png', width, height) });
const libraryFiles = async () => readdir(path.join(ctx.config.dataDir, 'uploads', 'library')).catch(() => [] as string[]);
const mediaRows = async () => (await ctx.database.db.select().from(mediaAssets)).length;
const call = (authorization: string, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) => ctx.app.inject({ method, url, headers: { authorization }, payload });
const newProduct = (extra: Record<string, unknown> = {}) => {
  const sku = `MEDIA-${randomUUID().slice(0, 8).toUpperCase()}`;
  return { name: `Pictured Lamp ${sku}`, category_id: categoryId, sku, price: 19.99, status: 'active', variants: [{ sku, stock: 5 }], ...extra };
};

beforeAll(async () => {
  ctx = await createTestApp();
  store = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
  seller = (await signInConsoleMember(ctx.app, 'shop_owner')).authorization;
  otherSeller = (await addShopWithOwner(ctx.app)).owner.authorization;
  firstShopId = await sellerShopId(ctx.app);
  categoryId = (await catalogAnchors(ctx.database.db)).category_id;
});
afterAll(() => ctx.close());

describe('POST /api/console/media', () => {
  it('stores the picture upright, without its metadata, as WebP at each width up to its own (capped at 2000 px) and AVIF at its own; recorded and audited', async () => {
    // A portrait photo whose EXIF says "turn 90° clockwise": upright it is 3000 × 2400, stored 2000 × 1600.
    const data = await sharp({ create: { width: 2400, height: 3000, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Jane Doe', ImageDescription: 'Taken at home' } })
      .toBuffer();
    const media = await uploaded(seller, { name: '../holiday\u0000 photo.png', type: 'image/png', data });
    expect(media).toMatchObject({ id: expect.any(Number), width: 2000, height: 1600 });
    expect(media.variants.map(({ width, format }) => `${format} ${width}`)).toEqual(['webp 400', 'webp 800', 'webp 1600', 'webp 2000', 'avif 2000']);
    expect(media.url).toBe(media.variants[3]!.url);
    for (const variant of media.variants) {
      expect(variant.url).toMatch(/^\/media\/uploads\/library\/[0-9a-f]{32}-\d+\.(webp|avif)$/);
      const served = await ctx.app.inject({ url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${variant.format}`);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(served.rawPayload).metadata();
      expect({ format: stored.format === 'heif' ? 'avif' : stored.format, width: stored.width, height: stored.height }).toEqual({
        format: variant.format,
        width: variant.width,
        height: Math.round((variant.width * 1600) / 2000),
      });
      expect({ exif: stored.exif, orientation: stored.orientation, icc: stored.icc }).toEqual({ exif: undefined, orientation: undefined, icc: undefined });
    }
    const [row] = await ctx.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, media.id));
    expect(row).toMatchObject({ shopId: firstShopId, originalName: 'holiday photo.png', byteSize: data.length, width: 2000, height: 1600 });
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'media.upload'), eq(auditLog.entityId, String(media.id))));
    expect(audit).toMatchObject({ entityType: 'media', shopId: firstShopId, changes: { url: { after: media.url }, byte_size: { after: data.length } } });
  });

  it('never enlarges a small picture; the store’s staff upload with no shop', async () => {
    const media = await uploaded(store, await png(300, 200));
    expect(media.variants.map(({ width, format }) => `${format} ${width}`)).toEqual(['webp 300', 'avif 300']);
    const [row] = await ctx.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, media.id));
    expect(row!.shopId).toBeNull();
  });

  it.each(['jpeg', 'webp', 'gif', 'avif'] as const)('takes a %s picture too', async (format) => {
    const data = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 160, b: 90 } } })
      .toFormat(format)
      .toBuffer();
    const media = await uploaded(seller, { name: `small.${format}`, type: `image/${format}`, data });
    expect(media).toMatchObject({ width: 120, height: 80, variants: [{ width: 120, format: 'webp' }, { width: 120, format: 'avif' }] });
  });

  it('refuses a file over 10 MB, a text file named .png, a broken picture and no file with 422, storing nothing', async () => {
    const files = await libraryFiles();
    const rows = await mediaRows();
    const tooLarge = await upload(seller, { name: 'huge.png', type: 'image/png', data: randomBytes(10 * 1024 * 1024 + 1) });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toEqual({ message: 'The file must not be greater than 10240 kilobytes.', errors: { file: ['The file must not be greater than 10240 kilobytes.'] } });

    const text = await upload(seller, { name: 'notes.png', type: 'image/png', data: Buffer.from('just some text, not a picture\n') });
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({ errors: { file: ['The file must be an image.'] } });
    const { payload, headers } = await multipartBody({}, [{ name: 'notes.png', type: 'image/png', data: Buffer.from('text') }]);
    const inArabic = await ctx.app.inject({ method: 'POST', url: '/api/console/media', payload, headers: { ...headers, authorization: seller, 'accept-language': 'ar' } });
    expect(inArabic.json()).toMatchObject({ message: 'يجب أن يكون الملف صورة.' });

    const whole = await drawnPicture('png', 400, 300);
    const broken = await upload(seller, { name: 'cut.png', type: 'image/png', data: whole.subarray(0, Math.floor(whole.length / 2)) });
    expect(broken.statusCode, broken.body).toBe(422);

    const none = await ctx.app.inject({ method: 'POST', url: '/api/console/media', headers: { authorization: seller }, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ errors: { file: ['The file field is required.'] } });

    expect(await libraryFiles()).toEqual(files);
    expect(await mediaRows()).toBe(rows);
  });

  it('turns uploaders away with 429 and Retry-After once the encoding line is full', async () => {
    const encode = createEncodingQueue({ concurrency: 1, maxWaiting: 1 });
    let release!: () => void;
    const running = encode(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = encode(async () => 'done');
    expect(() => encode(async () => 'refused')).toThrow(expect.objectContaining({ statusCode: 429, message: ENCODER_BUSY_MESSAGE, headers: { 'retry-after': '5' } }));
    release();
    await running;
    expect(await waiting).toBe('done');
  });
});

describe('product images from the media library', () => {
  const productImages = async (productId: number) =>
    (await ctx.app.inject({ url: `/api/products/${productId}` })).json<{ data: { product: { thumbnails: Array<{ thumbnail: string }> } } }>().data.product.thumbnails.map((image) => image.thumbnail);

  it('attaches a seller’s own pictures by id or address, in the order given, and reorders on PATCH', async () => {
    const first = await uploaded(seller, await png(900, 600));
    const second = await uploaded(seller, await png(500, 500));
    const created = await call(seller, 'POST', '/api/console/products', newProduct({ images: [first.id, second.variants[0]!.url, '/media/placeholder/product/lamp.svg'] }));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ data: { product: { id: number; images: string[]; thumbnail: string; variants: Array<{ id: number }> } } }>().data.product;
    expect(product.images).toEqual([first.url, second.variants[0]!.url, '/media/placeholder/product/lamp.svg']);
    expect(product.thumbnail).toBe(first.url);
    expect(await productImages(product.id)).toEqual(product.images);

    const reordered = await call(seller, 'PATCH', `/api/console/products/${product.id}`, {
      images: [second.id, first.url],
      variants: [{ id: product.variants[0]!.id, images: [second.id, first.url] }],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json()).toMatchObject({ data: { product: { images: [second.url, first.url], thumbnail: second.url, variants: [{ images: [second.url, first.url] }] } } });
    expect(await productImages(product.id)).toEqual([second.url, first.url]);
    // The storefront shows the variant's pictures, the first as its own.
    const shown = (await ctx.app.inject({ url: `/api/products/${product.id}` })).json<{ data: { product: { variants: Array<{ image: string | null; images: string[] }> } } }>();
    expect(shown.data.product.variants[0]).toMatchObject({ image: second.url, images: [second.url, first.url] });


    const audits = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(product.id)))).orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action)).toEqual(['product.create', 'product.update']);
    expect(audits[1]!.changes).toMatchObject({ images: { before: product.images, after: [second.url, first.url] } });

    const cleared = await call(seller, 'PATCH', `/api/console/products/${product.id}`, { variants: [{ id: product.variants[0]!.id, images: [] }] });
    expect(cleared.json()).toMatchObject({ data: { product: { variants: [{ images: [] }] } } });
    expect((await ctx.app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({ data: { product: { variants: [{ image: null, images: [] }] } } });
  });

  it('refuses another shop’s picture, the store’s, and ids or library addresses that name none, each under its field', async () => {
    const theirs = await uploaded(otherSeller, await png(200, 200));
    const storePicture = await uploaded(store, await png(200, 200));
    const mine = await uploaded(seller, await png(200, 200));
    const sku = `MEDIA-${randomUUID().slice(0, 8).toUpperCase()}`;
    const input = newProduct({ sku, variants: [{ sku, images: [mine.id, theirs.id] }], images: [mine.id, theirs.id, theirs.url, storePicture.id, 2_000_000_000, mine.url.replace(/-\d+\.webp$/, '-999.webp')] });
    const response = await call(seller, 'POST', '/api/console/products', input);
    expect(response.statusCode).toBe(422);
    const invalid = ['The selected images is invalid.'];
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'images.1': invalid,
      'images.2': invalid,
      'images.3': invalid,
      'images.4': invalid,
      'images.5': invalid,
      'variants.0.images.1': invalid,
    });

    const crowded = await call(seller, 'POST', '/api/console/products', newProduct({ sku, variants: [{ sku, images: Array.from({ length: 9 }, () => mine.id) }] }));
    expect(crowded.statusCode).toBe(422);
    expect(crowded.json()).toMatchObject({ errors: { 'variants.0.images': ['The images must not have more than 8 items.'] } });
  });

  it('lets the store’s staff attach the store’s pictures and the product’s shop’s, not another shop’s', async () => {
    const storePicture = await uploaded(store, await png(200, 200));
    const shopPicture = await uploaded(seller, await png(200, 200));
    const theirs = await uploaded(otherSeller, await png(200, 200));
    const accepted = await call(store, 'POST', '/api/console/products', newProduct({ shop_id: firstShopId, images: [storePicture.id, shopPicture.id] }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const refused = await call(store, 'POST', '/api/console/products', newProduct({ shop_id: firstShopId, images: [theirs.id] }));
    expect(refused.json()).toMatchObject({ errors: { 'images.0': ['The selected images is invalid.'] } });
  });
});
