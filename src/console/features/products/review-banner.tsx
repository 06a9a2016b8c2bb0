import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/** Tells a seller where their latest proposed change stands while the store's approval is on (decision 033). */
export function ReviewBanner({ review }: { review: ConsoleProduct['review'] }) {
  const { t } = useTranslation();
  if (!review) return null;
  return (
    <p role="status" className={`rounded-md border px-4 py-3 text-sm ${review.status === 'pending' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-red-300 bg-red-50 text-red-900'}`}>
      {review.status === 'pending' ? t('A change to this product awaits the store\'s approval.') : <WithUserText text={t('Rejected: {{reason}}')} values={{ reason: review.reason ?? '' }} />}
    </p>
  );
}
