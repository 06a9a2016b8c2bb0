import { PICTURE_MAX_BYTES } from '../../shared/constants.ts';
import { t } from './i18n.ts';

/** Why a chosen file would be refused as a picture (its kind, its size), as the server checks it; undefined when it would not. */
export function pictureProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return t('{{name}} is not an image.', { name: file.name });
  if (file.size > PICTURE_MAX_BYTES) return t('{{name}} is larger than 2 MB.', { name: file.name });
  return undefined;
}
