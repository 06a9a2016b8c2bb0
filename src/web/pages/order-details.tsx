import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { textButtonClass } from '../components/ui/button-styles.ts';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { shopPath } from '../features/catalog/shop-card.tsx';
import { AddressLines } from '../features/orders/address-lines.tsx';
import { CancelOrderButton } from '../features/orders/cancel-order-button.tsx';
import { OrderFigures } from '../features/orders/order-figures.tsx';
import { paymentStatusLabel, usePaymentMethodTitle } from '../features/orders/order-labels.ts';
import { OrderLines } from '../features/orders/order-lines.tsx';
import { orderQueries } from '../features/orders/order-queries.ts';
import { OrderStatusBadge } from '../features/orders/order-status-badge.tsx';
import type { OrderDetail } from '../../shared/orders.contract.ts';
import { StatusTimeline } from '../features/orders/status-timeline.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useDateFormat } from '../lib/date.ts';
import { useTranslation } from '../lib/i18n.ts';

function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-3 font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const method = usePaymentMethodTitle(order.payment_method);
  const multiVendor = useSettings((state) => state.multiVendor);
  return (
    <article>
      <Link to="/order-history" className={`${textButtonClass} mb-3 inline-block`}>
        {t('Back to Order History')}
      </Link>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold text-slate-900">
            {t('Order #{{number}}', { number: order.order_number })}
            <OrderStatusBadge status={order.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('Placed on {{date}}', { date: formatDate(order.created_at) })}</p>
        </div>
        {order.status === 'pending' && <CancelOrderButton order={order} />}
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Card
            title={
              multiVendor ? (
                <Link to={shopPath(order.shop.id)} className="hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700">
                  {order.shop.name}
                </Link>
              ) : (
                order.shop.name
              )
            }
          >
            <OrderLines order={order} />
          </Card>
          <Card title={t('Order Summary')}>
            <OrderFigures figures={order} />
          </Card>
          {order.note && (
            <Card title={t('Note')}>
              <p className="whitespace-pre-line text-sm text-slate-700">{order.note}</p>
            </Card>
          )}
        </div>
        <div className="space-y-4">
          <Card title={t('Order Status')}>
            <StatusTimeline order={order} />
          </Card>
          <Card title={t('Payment')}>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">{t('Payment Method')}</dt>
                <dd className="font-medium text-slate-900">{method}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">{t('Payment Status')}</dt>
                <dd data-testid="payment-status" className="font-medium text-slate-900">
                  {paymentStatusLabel(order.payment_status)}
                </dd>
              </div>
            </dl>
          </Card>
          <Card title={t('Shipping Address')}>
            <AddressLines address={order.address} />
          </Card>
        </div>
      </div>
    </article>
  );
}

/** `/order-history/:id`: one order with its lines, progress, address, payment and figures. */
export default function OrderDetails() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: order, error, refetch } = useQuery(orderQueries.detail(id));
  if (error) return <QueryFailure error={error} notFoundMessage={t('Order not found')} onRetry={() => void refetch()} />;
  if (!order) return <div aria-busy="true" className="h-96 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
  return <OrderView order={order} />;
}
