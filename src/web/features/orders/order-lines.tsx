import { useState } from 'react';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { RatingStars } from '../product-display/rating-stars.tsx';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { PurchaseLine } from './purchase-line.tsx';
import { ReviewForm } from './review-form.tsx';
import { WithUserText } from '../../../client/ui/user-text.tsx';

function LineReview({ orderId, line }: { orderId: number; line: OrderDetail['items'][number] }) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState(false);
  if (line.review) {
    return (
      <div className="mt-2 text-sm">
        <RatingStars rating={line.review.rating} />
        {line.review.comment && <p dir="auto" className="mt-1 text-slate-700">{line.review.comment}</p>}
        {line.review.hidden && (
          <p role="note" className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-amber-900">
            <WithUserText text={t('The store hid this review from the product page: {{reason}}')} values={{ reason: line.review.hidden.reason }} />
          </p>
        )}
      </div>
    );
  }
  if (!line.can_review) return null;
  if (!writing) {
    return (
      <button type="button" onClick={() => setWriting(true)} className={`${textButtonClass} mt-2`}>
        {t('Write a review')}
        <span className="sr-only">
          : <bdi>{line.name}</bdi>
        </span>
      </button>
    );
  }
  return <ReviewForm orderId={orderId} productId={line.product_id} onDone={() => setWriting(false)} />;
}

/** The order's lines as they were bought (name, choice and price are the order's own snapshot). */
export function OrderLines({ order }: { order: Pick<OrderDetail, 'id' | 'items'> }) {
  return (
    <ul className="divide-y divide-slate-100">
      {order.items.map((line) => (
        <PurchaseLine
          key={line.id}
          productId={line.product_id}
          name={line.name}
          thumbnail={line.thumbnail}
          color={line.color}
          size={line.size}
          unitPrice={line.unit_price}
          quantity={line.quantity}
          lineTotal={line.line_total}
        >
          <LineReview orderId={order.id} line={line} />
        </PurchaseLine>
      ))}
    </ul>
  );
}
