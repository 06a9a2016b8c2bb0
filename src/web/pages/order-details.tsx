import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { orderQueries } from '../features/orders/order-queries.ts';
import { OrderView } from '../features/orders/order-view.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

/** `/order-history/:id`: one order with its lines, progress, address, payment and figures. */
export default function OrderDetails() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: order, error, refetch } = useQuery(orderQueries.detail(id));
  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;
  if (!order) return <div aria-busy="true" className="h-96 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
  return <OrderView order={order} />;
}
