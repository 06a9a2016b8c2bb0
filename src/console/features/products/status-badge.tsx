import { t, useTranslation } from '../../../client/lib/i18n.ts';
import type { ProductStatus } from '../../../shared/catalog-console.contract.ts';

/** A status's name in the console's language. */
export function statusLabel(status: ProductStatus): string {
  switch (status) {
    case 'active':
      return t('Active');
    case 'draft':
      return t('Draft');
    case 'archived':
      return t('Archived');
    case 'withheld':
      return t('Withheld');
  }
}

const tones: Record<ProductStatus, string> = {
  active: 'bg-green-50 text-green-800',
  draft: 'bg-slate-100 text-slate-700',
  archived: 'bg-amber-50 text-amber-800',
  withheld: 'bg-red-50 text-red-800',
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  useTranslation();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}>{statusLabel(status)}</span>;
}
