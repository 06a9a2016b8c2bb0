import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { totalPages } from '../features/catalog/listing-params.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { OrderList, OrderListSkeleton } from '../features/orders/order-list.tsx';
import { orderHistoryPath, readOrderHistoryParams } from '../features/orders/order-params.ts';
import { orderQueries } from '../features/orders/order-queries.ts';
import { OrderStatusTabs } from '../features/orders/order-status-tabs.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';
import { notify } from '../lib/toast.ts';

/** Back from a paid Stripe checkout (`?payment=success`): say so once, then drop the flag from the URL. */
function usePaymentSuccessNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const paid = params.get('payment') === 'success';
  useEffect(() => {
    if (!paid) return;
    notify.success(t('Payment successful. Thank you for your order!'));
    void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [paid, setParams, queryClient, t]);
}

/** `/order-history`: the shopper's orders by status tab, ten a page; tab and page in the URL. */
export default function OrderHistory() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { status, page } = readOrderHistoryParams(params);
  const { data, error, refetch } = useQuery(orderQueries.list({ status, page }));
  usePaymentSuccessNotice();

  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;

  return (
    <section>
      <PageHeading title={t('Order History')} />
      <OrderStatusTabs current={status} counts={data?.status_wise_orders} />
      {!data ? (
        <OrderListSkeleton />
      ) : data.orders.length === 0 ? (
        <EmptyState
          message={status === 'all' ? t('You have no orders yet') : t('No orders with this status')}
          action={
            <Link to="/products" className={primaryButtonClass}>
              {t('Continue Shopping')}
            </Link>
          }
        />
      ) : (
        <>
          <OrderList orders={data.orders} headingLevel={2} />
          <Pagination page={page} totalPages={totalPages(data.total)} linkTo={(target) => orderHistoryPath(status, target)} />
        </>
      )}
    </section>
  );
}
