import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { catalogQueries } from '../catalog/catalog-queries.ts';
import { orderQueries, orderRequests } from './order-queries.ts';

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z';
const COMMENT_MAX = 1000;

function RatingInput({ value, onChange, error }: { value: number; onChange(rating: number): void; error?: string }) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('Your rating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-invalid={error && rating === 1 ? true : undefined}
              className="peer sr-only"
            />
            <span className="sr-only">{t('{{count}} out of 5 stars', { count: rating })}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className={`size-7 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 ${rating <= value ? 'fill-amber-500' : 'fill-slate-300'}`}
            >
              <path d={STAR} />
            </svg>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface ReviewFormProps {
  orderId: number;
  productId: number;
  onDone(): void;
}

/** Stars and a comment for one delivered line (`POST /orders/{id}/reviews`). */
export function ReviewForm({ orderId, productId, onDone }: ReviewFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const { sendable, errorOf, refuse, clearError, run } = useFormRequest(formRef);
  const commentId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === 0) {
      refuse({ rating: [t('Please choose a rating')] });
      return;
    }
    const answer = await run(() => orderRequests.review(orderId, { product_id: productId, rating, comment: comment.trim() }));
    if (!answer) return;
    notify.success(answer.message);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderQueries.detail(orderId).queryKey }),
      queryClient.invalidateQueries({ queryKey: catalogQueries.product(productId).queryKey }),
    ]);
    onDone();
  }

  const commentError = errorOf('comment');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
      <RatingInput
        value={rating}
        error={errorOf('rating')}
        onChange={(next) => {
          setRating(next);
          clearError('rating');
        }}
      />
      <div>
        <label htmlFor={commentId} className="mb-1 block text-sm font-semibold text-slate-900">
          {t('Your review')}
        </label>
        <textarea
          id={commentId}
          value={comment}
          maxLength={COMMENT_MAX}
          rows={3}
          aria-invalid={commentError ? true : undefined}
          onChange={(event) => {
            setComment(event.target.value);
            clearError('comment');
          }}
          className={`w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-primary-700 ${commentError ? 'border-red-600' : 'border-slate-300'}`}
        />
        {commentError && <p className="mt-1 text-sm text-red-700">{commentError}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!sendable} className={primaryButtonClass}>
          {t('Submit Review')}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
