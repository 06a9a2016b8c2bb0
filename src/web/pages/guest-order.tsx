import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { orderQueries } from '../features/orders/order-queries.ts';
import { OrderView } from '../features/orders/order-view.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/orders/guest/:key`: a guest's order, opened from the link in its confirmation mail. */
export default function GuestOrder() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const { data: order, error, refetch } = useQuery(orderQueries.guest(key));
  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;
  if (!order) return <div aria-busy="true" className="h-96 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <OrderView order={order} guestKey={key} />
    </section>
  );
}
