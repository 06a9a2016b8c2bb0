import { useTranslation } from '../../../client/lib/i18n.ts';

/**
 * A line's colour and size as the product page names them ("Color: White · Size: M"): labels in
 * the shopper's language, the names as the API gave them in it. Nothing when the line has neither.
 */
export function VariantLabel({ color, size, className }: { color: string | null | undefined; size: string | null | undefined; className: string }) {
  const { t } = useTranslation();
  const parts = [color && `${t('Color')}: ${color}`, size && `${t('Size')}: ${size}`].filter(Boolean);
  return parts.length > 0 ? <p className={className}>{parts.join(' · ')}</p> : null;
}
