import { useTranslation } from '../../../client/lib/i18n.ts';

/** A star drawn from its top point with relative steps, so five of them are one path of copies 24 units apart. */
const STAR_STEPS = 'l2.9 6 6.6.9-4.8 4.6 1.2 6.5-5.9-3.1-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z';
const FIVE_STARS = [0, 1, 2, 3, 4].map((index) => `M${12 + index * 24} 2.5${STAR_STEPS}`).join('');

/** One drawing of five stars: lists show many ratings, and a drawing per star made the page heavy. */
function StarRow({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 120 24" className={`h-[1em] w-[5em] max-w-none shrink-0 fill-current ${className}`}>
      <path d={FIVE_STARS} />
    </svg>
  );
}

/** Five stars filled to the rating (fractions too), read out as "Rated 4.5 out of 5". */
export function RatingStars({ rating, className = 'text-sm' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const value = Math.min(5, Math.max(0, rating));
  return (
    <span role="img" aria-label={t('Rated {{rating}} out of 5', { rating: Number(value.toFixed(1)) })} className={`relative inline-flex ${className}`}>
      <StarRow className="text-slate-300" />
      <span className="absolute inset-y-0 start-0 overflow-hidden" style={{ width: `${(value / 5) * 100}%` }}>
        <StarRow className="text-amber-500" />
      </span>
    </span>
  );
}

/** Stars and the review count, as cards and headers show them. */
export function RatingSummary({ rating, count, className = 'text-sm' }: { rating: number; count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center gap-1.5 ${className}`}>
      <RatingStars rating={rating} />
      <span className="text-xs text-slate-600">
        <span aria-hidden="true">({count})</span>
        <span className="sr-only">{t('Reviews: {{count}}', { count })}</span>
      </span>
    </span>
  );
}
