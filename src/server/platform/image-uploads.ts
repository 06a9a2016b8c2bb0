import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Metadata } from 'sharp';
import { HttpError, validationFailed } from './errors.ts';

/** A file part of a multipart form, read into memory (its size is capped while reading). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields; a repeated name keeps its last value. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

interface FormLimits {
  /** The file fields the route takes; file parts under other names are read past and dropped. */
  fileFields: readonly string[];
  maxFileBytes: number;
}

/** "profile_photo" → "profile photo", as the field messages name it. */
const fieldLabel = (field: string) => field.replaceAll('_', ' ');

const tooLarge = (field: string, maxBytes: number) =>
  validationFailed({ [field]: [`The ${fieldLabel(field)} must not be greater than ${Math.floor(maxBytes / 1024)} kilobytes.`] });

const notAnImage = (field: string) => validationFailed({ [field]: [`The ${fieldLabel(field)} must be an image.`] });

function isFileTooLarge(error: unknown): error is Error & { part?: { fieldname?: string } } {
  return error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart/form-data request: its text fields and the files of the named fields, each
 * at most `maxFileBytes` (beyond that a 422 on the field, never a half-read file). The app's
 * multipart limits (number of parts, fields, files) still apply.
 */
export async function readMultipartForm(request: FastifyRequest, { fileFields, maxFileBytes }: FormLimits): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      // A form's empty file input still sends a part: no name, no bytes. That is "no file".
      if (data.length === 0 && !part.filename) continue;
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge(error.part?.fieldname ?? fileFields[0] ?? 'file', maxFileBytes);
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    // busboy's own complaints (a cut-off body, a broken part header) are the client's fault.
    throw new HttpError(400, 'The form data could not be read.');
  }
  return { fields, files };
}

/** Formats a picture may arrive in; anything else (SVG, PDF, text with an image name) is refused. */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);
/** libvips reads AVIF as HEIF with AV1 compression (HEIC's HEVC is not ours to decode). */
const formatOf = (metadata: Metadata): string => (metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : (metadata.format ?? ''));
/** Pictures are measured from their header before any decoding: larger ones cost seconds and tens of megabytes each. */
const MAX_MEGAPIXELS = 25;
const MAX_INPUT_PIXELS = MAX_MEGAPIXELS * 1_000_000;

export interface ImageOptions {
  dataDir: string;
  /** Sub-folder of `DATA_DIR/uploads`, also the second part of its `/media/uploads/...` address. */
  folder: string;
  width: number;
  height?: number;
  /** `cover` crops to exactly width × height (avatars); `inside` only shrinks, keeping the proportions. */
  fit?: 'cover' | 'inside';
}

const UPLOADS = 'uploads';
const FOLDER_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const FILE_PATTERN = /^[A-Za-z0-9_-]{1,100}\.(webp|png|jpe?g|gif|avif)$/;

/**
 * sharp (libvips), loaded with the first picture checked or encoded (the module loader keeps it
 * after): held from the start, it would cost every server tens of megabytes of resident memory,
 * though most never handle an upload.
 */
export const imageLibrary = async () => (await import('sharp')).default;

/** How an uploaded picture is decoded: a broken body is an error, and the pixel count is capped. */
export const UPLOAD_DECODING = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;

/**
 * Checks an uploaded file is a picture we take (by its bytes, not its name or stated type) and not
 * larger than we decode, from its header alone. Refuses with a 422 on the file's field.
 */
export async function checkUploadedImage(file: UploadedFile): Promise<Metadata> {
  if (!file.mimetype.startsWith('image/')) throw notAnImage(file.field);
  let metadata: Metadata;
  try {
    metadata = await (await imageLibrary())(file.data).metadata();
  } catch {
    throw notAnImage(file.field);
  }
  if (!ACCEPTED_FORMATS.has(formatOf(metadata))) throw notAnImage(file.field);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw validationFailed({ [file.field]: [`The ${fieldLabel(file.field)} must not be larger than ${MAX_MEGAPIXELS} megapixels.`] });
  }
  return metadata;
}

/** A decoding failure past the header (a truncated or tampered file) is the uploader's: 422, never a 500. */
export async function decodedOrRefused<T>(file: UploadedFile, decode: () => Promise<T>): Promise<T> {
  try {
    return await decode();
  } catch {
    throw notAnImage(file.field);
  }
}

/** Writes a file under `DATA_DIR/uploads/{folder}` (never over another) and answers its public address. */
export async function writeUploadFile(dataDir: string, folder: string, name: string, data: Buffer): Promise<string> {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Not an upload folder name: ${folder}`);
  if (!FILE_PATTERN.test(name)) throw new Error(`Not an upload file name: ${name}`);
  const dir = path.join(dataDir, UPLOADS, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), data, { flag: 'wx' });
  return uploadUrl(folder, name);
}

export const uploadUrl = (folder: string, name: string) => `/media/${UPLOADS}/${folder}/${name}`;

/**
 * Decodes an uploaded picture, re-encodes it as WebP at the asked size (which drops any metadata and
 * anything hidden in the original bytes) and stores it under a random name. Answers its public address.
 */
export async function saveUploadedImage(file: UploadedFile, { dataDir, folder, width, height, fit = 'inside' }: ImageOptions): Promise<string> {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Not an upload folder name: ${folder}`);
  await checkUploadedImage(file);
  const sharp = await imageLibrary();
  const encoded = await decodedOrRefused(file, () =>
    sharp(file.data, UPLOAD_DECODING)
      .rotate()
      .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  return writeUploadFile(dataDir, folder, `${randomBytes(16).toString('hex')}.webp`, encoded);
}

/** The file on disk behind `/media/uploads/{folder}/{file}`, or undefined for a name we would never have given. */
export function uploadedFilePath(dataDir: string, folder: string, file: string): string | undefined {
  if (!FOLDER_PATTERN.test(folder) || !FILE_PATTERN.test(file)) return undefined;
  return path.join(dataDir, UPLOADS, folder, file);
}

/** Deletes an upload by its public address; addresses that are not ours (a social avatar URL) are left alone. */
export async function removeUploadedImage(dataDir: string, url: string | null | undefined) {
  const match = url?.match(/^\/media\/uploads\/([^/]+)\/([^/]+)$/);
  const file = match && uploadedFilePath(dataDir, match[1]!, match[2]!);
  if (file) await rm(file, { force: true });
}

/** Content types of the files `saveUploadedImage` may have written. */
export function uploadContentType(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
}

/** Pictures sent beside a form's fields: JSON alone, or multipart/form-data with at most `maxFiles` under `field`. */
export async function readFormWithPictures(request: FastifyRequest, { field, maxFiles, maxFileBytes }: { field: string; maxFiles: number; maxFileBytes: number }) {
  if (!request.isMultipart()) return { fields: request.body, files: [] as UploadedFile[] };
  const form = await readMultipartForm(request, { fileFields: [field], maxFileBytes });
  if (form.files.length > maxFiles) throw validationFailed({ [field]: [`The ${fieldLabel(field)} must not have more than ${maxFiles} items.`] });
  return form;
}

/** Stores each picture (all or none: a failure removes those already written) and answers their addresses. */
export async function saveUploadedImages(files: readonly UploadedFile[], options: ImageOptions): Promise<string[]> {
  const saved: string[] = [];
  try {
    for (const file of files) saved.push(await saveUploadedImage(file, options));
  } catch (error) {
    await removeUploadedImages(options.dataDir, saved);
    throw error;
  }
  return saved;
}

export const removeUploadedImages = (dataDir: string, urls: readonly string[]) => Promise.all(urls.map((url) => removeUploadedImage(dataDir, url)));
