import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { reviewModerationSchema, type ModeratedReview } from '../../../shared/review-moderation.contract.ts';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { useReviewVisibility } from './review-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/** Hides a review from the storefront (its author sees the reason) or shows it again, with a reason kept in the history. */
export function ReviewVisibilityDialog({ review }: { review: ModeratedReview }) {
  const { t } = useTranslation();
  const hide = review.hidden === null;
  const change = useReviewVisibility(review.id, hide);
  return (
    <TextDialog
      trigger={
        <button type="button" className={secondaryButtonClass} aria-label={hide ? t('Hide the review of {{name}}', { name: review.reviewer_name }) : t('Show the review of {{name}}', { name: review.reviewer_name })}>
          {hide ? t('Hide') : t('Show')}
        </button>
      }
      title={<WithUserText text={hide ? t('Hide this review of {{product}}?') : t('Show this review of {{product}} again?')} values={{ product: review.product.name }} />}
      description={hide ? t('It leaves the storefront and the ratings; its author sees the reason.') : t('It is back on the storefront and in the ratings.')}
      subject={<blockquote className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{review.comment || '—'}</blockquote>}
      name="reason"
      label={t('Reason')}
      schema={reviewModerationSchema}
      confirm={hide ? t('Hide') : t('Show')}
      mutation={change}
      onSubmit={async (reason) => {
        await change.mutateAsync(reason);
        return hide ? t('The review is hidden.') : t('The review is shown again.');
      }}
    />
  );
}
