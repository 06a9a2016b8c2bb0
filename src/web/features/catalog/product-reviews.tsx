import type { ProductDetails } from '../../../shared/catalog.contract.ts';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { RatingStars } from '../product-display/rating-stars.tsx';

type ReviewsProps = Pick<ProductDetails, 'rating' | 'total_reviews' | 'rating_breakdown' | 'reviews'>;

const stars = ['5', '4', '3', '2', '1'] as const;

/** The average, a bar per star count, and the latest reviews (read-only). */
export function ProductReviews({ rating, total_reviews, rating_breakdown, reviews }: ReviewsProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const counted = stars.reduce((sum, star) => sum + rating_breakdown[star], 0);
  return (
    <div className="grid gap-8 md:grid-cols-[18rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold text-slate-900">{rating.toFixed(1)}</span>
          <span className="text-slate-600">/ 5</span>
        </p>
        <RatingStars rating={rating} className="text-lg" />
        <p className="text-sm text-slate-600">{t('Reviews: {{count}}', { count: total_reviews })}</p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {stars.map((star) => {
            const count = rating_breakdown[star];
            const share = counted > 0 ? (count / counted) * 100 : 0;
            return (
              <li key={star} className="flex items-center gap-2 text-sm text-slate-700">
                <span className="sr-only">{t({ one: '{{count}} star: {{reviews}}', other: '{{count}} stars: {{reviews}}' }, { count: star, reviews: count })}</span>
                <span aria-hidden="true" className="w-8 shrink-0">
                  {star}★
                </span>
                <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
                  <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span aria-hidden="true" className="w-8 shrink-0 text-end tabular-nums">
                  {count}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      {reviews.length === 0 ? (
        <p className="text-slate-600">{t('No reviews yet')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-1.5 py-4 first:pt-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span dir="auto" className="font-semibold text-slate-900">{review.name}</span>
                <time dateTime={review.created_at} className="text-xs text-slate-600">
                  {formatDate(review.created_at, { dateStyle: 'medium' })}
                </time>
              </div>
              <RatingStars rating={review.rating} />
              <p dir="auto" className="text-slate-700">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
