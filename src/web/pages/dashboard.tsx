import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { primaryButtonClass, textButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { orderStatusLabel } from '../features/orders/order-labels.ts';
import { OrderList, OrderListSkeleton } from '../features/orders/order-list.tsx';
import { orderHistoryPath, orderStatusTabs } from '../features/orders/order-params.ts';
import { orderQueries } from '../features/orders/order-queries.ts';
import { useTranslation } from '../../client/lib/i18n.ts';


/** `/dashboard`: how many orders are in each status, and the latest five. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { data, error, refetch } = useQuery(orderQueries.recent());

  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;

  return (
    <section>
      <PageHeading title={t('Dashboard')} />
      <h2 className="sr-only">{t('Orders by status')}</h2>
      <ul className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {orderStatusTabs.map((status) => (
          <li key={status}>
            <Link
              to={orderHistoryPath(status)}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              <span data-testid={`status-count-${status}`} className="text-2xl font-bold text-slate-900">
                {data ? data.status_wise_orders[status] : '–'}
              </span>
              <span className="text-sm text-slate-600">{status === 'all' ? t('All Orders') : orderStatusLabel(status)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('Recent Orders')}</h2>
        {data && data.orders.length > 0 && (
          <Link to="/order-history" className={textButtonClass}>
            {t('View all')}
          </Link>
        )}
      </div>
      {!data ? (
        <OrderListSkeleton />
      ) : data.orders.length === 0 ? (
        <EmptyState
          message={t('You have no orders yet')}
          action={
            <Link to="/products" className={primaryButtonClass}>
              {t('Continue Shopping')}
            </Link>
          }
        />
      ) : (
        <OrderList orders={data.orders} headingLevel={3} />
      )}
    </section>
  );
}
