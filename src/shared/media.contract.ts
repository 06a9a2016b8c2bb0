import { z } from 'zod';
import './contract-messages.ts';

/** The largest file `POST /api/console/media` takes: 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side a stored picture keeps; larger uploads are scaled down to it. */
export const MEDIA_MAX_SIDE = 2000;
/** The widths a picture is stored at (those below its own), besides its own width. */
export const MEDIA_WIDTHS = [400, 800, 1600] as const;
export const mediaFormats = ['webp', 'avif'] as const;

export const mediaVariantSchema = z.object({ width: z.number().int(), url: z.string(), format: z.enum(mediaFormats) });

/** A picture of the media library: `url` is its largest WebP, `variants` every stored size (for `srcset`). */
export const mediaAssetSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(mediaVariantSchema),
  })
  .meta({ id: 'MediaAsset' });
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** `POST /api/console/media`. */
export const mediaUploadedSchema = z.object({ media: mediaAssetSchema });
