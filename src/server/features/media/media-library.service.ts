import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { inArray, or } from 'drizzle-orm';
import PQueue from 'p-queue';
import { MEDIA_MAX_SIDE, MEDIA_WIDTHS, type MediaAsset } from '../../../shared/media.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { mediaAssets, type MediaFileVariant } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { HttpError } from '../../platform/errors.ts';
import { checkUploadedImage, decodedOrRefused, imageLibrary, removeUploadedImage, UPLOAD_DECODING, uploadUrl, writeUploadFile, type UploadedFile } from '../../platform/image-uploads.ts';

/** The upload folder of the media library: `/media/uploads/library/{key}-{width}.{format}`. */
const LIBRARY_FOLDER = 'library';
const LIBRARY_PREFIX = uploadUrl(LIBRARY_FOLDER, '');
const LIBRARY_FILE = /^\/media\/uploads\/library\/([0-9a-f]{32})-\d{1,4}\.(?:webp|avif)$/;

const WEBP_QUALITY = 82;
/**
 * AVIF of the largest size only, at effort 2: at sharp's default effort 4 a phone photo takes
 * seconds of a small server's CPU, at effort 2 a fraction of that for about the same size
 * (decision 031).
 */
const AVIF = { quality: 50, effort: 2 } as const;

/**
 * How many pictures are re-encoded at once and how many may wait. sharp works on libuv's thread
 * pool, which file reads, compression and password hashing share: at most half the cores encode,
 * and past the waiting line the uploader is told to come back (429) instead of queueing forever.
 */
export interface EncodingLimits {
  concurrency: number;
  maxWaiting: number;
}
export const DEFAULT_ENCODING_LIMITS: EncodingLimits = { concurrency: Math.max(1, Math.floor(availableParallelism() / 2)), maxWaiting: 4 };
const BUSY_RETRY_AFTER_SECONDS = 5;
export const ENCODER_BUSY_MESSAGE = 'Too many pictures are being processed. Please try again shortly.';

export type EncodingQueue = <T>(work: () => Promise<T>) => Promise<T>;

/** A bounded line for encoding work: runs `concurrency` at once, refuses with 429 and `Retry-After` when `maxWaiting` already wait. */
export function createEncodingQueue({ concurrency, maxWaiting }: EncodingLimits = DEFAULT_ENCODING_LIMITS): EncodingQueue {
  const queue = new PQueue({ concurrency });
  return (work) => {
    if (queue.size >= maxWaiting) throw new HttpError(429, ENCODER_BUSY_MESSAGE, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    return queue.add(work);
  };
}

interface EncodedFile extends MediaFileVariant {
  data: Buffer;
}

/**
 * Decodes the picture once (turned upright by its EXIF orientation, its longest side capped), then
 * encodes WebP at each library width below its own and at its own, and AVIF at its own. Nothing of
 * the original's metadata (EXIF, GPS, comments, profiles) is written: sharp keeps none unless asked.
 */
async function encodeVariants(file: UploadedFile): Promise<{ width: number; height: number; files: EncodedFile[] }> {
  const sharp = await imageLibrary();
  const decoded = await decodedOrRefused(file, () =>
    sharp(file.data, UPLOAD_DECODING)
      .rotate()
      .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const files: EncodedFile[] = [];
  for (const target of [...MEDIA_WIDTHS.filter((candidate) => candidate < width), width]) {
    const { data, info } = await pixels().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    files.push({ width: info.width, height: info.height, format: 'webp', bytes: data.length, data });
  }
  const avif = await pixels().avif(AVIF).toBuffer();
  files.push({ width, height, format: 'avif', bytes: avif.length, data: avif });
  return { width, height, files };
}

const fileName = (key: string, variant: Pick<MediaFileVariant, 'width' | 'format'>) => `${key}-${variant.width}.${variant.format}`;
const variantUrl = (key: string, variant: Pick<MediaFileVariant, 'width' | 'format'>) => uploadUrl(LIBRARY_FOLDER, fileName(key, variant));

/** The API's view of a stored picture: its largest WebP as `url`, every stored file as a variant. */
export function toMediaAsset(row: Pick<typeof mediaAssets.$inferSelect, 'id' | 'fileKey' | 'width' | 'height' | 'variants'>): MediaAsset {
  const largest = row.variants.filter((variant) => variant.format === 'webp').at(-1)!;
  return {
    id: row.id,
    url: variantUrl(row.fileKey, largest),
    width: row.width,
    height: row.height,
    variants: row.variants.map((variant) => ({ width: variant.width, format: variant.format, url: variantUrl(row.fileKey, variant) })),
  };
}

/** The name as the uploader's computer had it, without folders, control or format characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = path.posix.basename(name.replaceAll('\\', '/'));
  const clean = base.replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '').trim().slice(0, 200);
  return clean || 'upload';
}

export interface MediaUpload {
  dataDir: string;
  /** The uploader's shop; null for the store's staff. */
  shopId: number | null;
  encode: EncodingQueue;
  context: AuditContext;
}

/**
 * `POST /api/console/media`: checks and re-encodes the picture (in the encoding line), writes its
 * files under a random key, then records it with its audit row in one transaction. Files of a
 * refused or failed upload are removed.
 */
export async function uploadMedia(db: Db, file: UploadedFile, { dataDir, shopId, encode, context }: MediaUpload): Promise<MediaAsset> {
  await checkUploadedImage(file);
  const encoded = await encode(() => encodeVariants(file));
  const key = randomBytes(16).toString('hex');
  const written: string[] = [];
  try {
    for (const variant of encoded.files) written.push(await writeUploadFile(dataDir, LIBRARY_FOLDER, fileName(key, variant), variant.data));
    const variants = encoded.files.map(({ data: _data, ...variant }) => variant);
    const row = await inRetriedTransaction(db, async (tx) => {
      const [created] = await tx
        .insert(mediaAssets)
        .values({
          shopId,
          uploadedBy: context.actorUserId,
          fileKey: key,
          originalName: cleanFileName(file.filename),
          byteSize: file.data.length,
          width: encoded.width,
          height: encoded.height,
          variants,
          createdAt: context.now,
        })
        .returning();
      const asset = toMediaAsset(created!);
      await recordAudit(tx, context, {
        action: 'media.upload',
        entityType: 'media',
        entityId: created!.id,
        shopId,
        before: null,
        after: { file_name: created!.originalName, byte_size: created!.byteSize, width: asset.width, height: asset.height, url: asset.url },
      });
      return asset;
    });
    return row;
  } catch (error) {
    await Promise.all(written.map((url) => removeUploadedImage(dataDir, url)));
    throw error;
  }
}

/** What an image reference of a product names: the address to store, and the library picture's shop when it is one. */
export interface ResolvedImage {
  url: string;
  /** Undefined: not a library picture (a demo picture, an https address); null: the store's. */
  shopId?: number | null;
}

/**
 * Resolves image references as product and variant inputs give them: a media id (its largest WebP),
 * a library file's address (kept as given, its picture looked up), or any other address (kept).
 * An id or library address that names no picture resolves to undefined.
 */
export async function resolveImageReferences(db: Db, references: readonly (number | string)[]): Promise<(ResolvedImage | undefined)[]> {
  const ids = references.filter((reference): reference is number => typeof reference === 'number');
  const keys = references.flatMap((reference) => (typeof reference === 'string' ? [LIBRARY_FILE.exec(reference)?.[1]].filter((key) => key !== undefined) : []));
  const rows =
    ids.length + keys.length === 0
      ? []
      : await db
          .select()
          .from(mediaAssets)
          .where(or(ids.length > 0 ? inArray(mediaAssets.id, ids) : undefined, keys.length > 0 ? inArray(mediaAssets.fileKey, keys) : undefined));
  return references.map((reference) => {
    if (typeof reference === 'number') {
      const row = rows.find((candidate) => candidate.id === reference);
      return row && { url: toMediaAsset(row).url, shopId: row.shopId };
    }
    if (!reference.startsWith(LIBRARY_PREFIX)) return { url: reference };
    const key = LIBRARY_FILE.exec(reference)?.[1];
    const row = key === undefined ? undefined : rows.find((candidate) => candidate.fileKey === key);
    // An address of the library's with a size or format the picture does not have names nothing.
    const stored = row && toMediaAsset(row).variants.some((variant) => variant.url === reference);
    return stored ? { url: reference, shopId: row.shopId } : undefined;
  });
}
