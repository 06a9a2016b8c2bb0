import { useTranslation } from '../../../client/lib/i18n.ts';
import { reviewModerationSchema, type ModeratedReview } from '../../../shared/review-moderation.contract.ts';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useReviewVisibility } from './review-queries.ts';

/** Hides a review from the storefront (its author sees the reason) or shows it again, with a reason kept in the history. */
export function ReviewVisibilityDialog({ review, onClose }: { review: ModeratedReview; onClose(): void }) {
  const { t } = useTranslation();
  const hide = review.hidden === null;
  const change = useReviewVisibility(review.id, hide);
  return (
    <ReasonDialog
      title={hide ? t('Hide this review of {{product}}?', { product: review.product.name }) : t('Show this review of {{product}} again?', { product: review.product.name })}
      description={hide ? t('It leaves the storefront and the ratings; its author sees the reason.') : t('It is back on the storefront and in the ratings.')}
      confirm={hide ? t('Hide') : t('Show')}
      schema={reviewModerationSchema}
      subject={<blockquote className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{review.comment || '—'}</blockquote>}
      save={async (reason) => {
        await change.mutateAsync(reason);
        showToast(hide ? t('The review is hidden.') : t('The review is shown again.'));
      }}
      onClose={onClose}
    />
  );
}
