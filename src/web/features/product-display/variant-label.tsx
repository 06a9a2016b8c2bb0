import { Fragment } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';

/**
 * A line's colour and size as the product page names them ("Color: White · Size: M"): labels in
 * the shopper's language, the names as the API gave them in it. Nothing when the line has neither.
 */
export function VariantLabel({ color, size, className }: { color: string | null | undefined; size: string | null | undefined; className: string }) {
  const { t } = useTranslation();
  const parts = [color && ([t('Color'), color] as const), size && ([t('Size'), size] as const)].filter((part) => !!part);
  if (parts.length === 0) return null;
  return (
    <p className={className}>
      {parts.map(([label, name], index) => (
        <Fragment key={label}>
          {index > 0 && ' · '}
          {label}: <bdi>{name}</bdi>
        </Fragment>
      ))}
    </p>
  );
}
