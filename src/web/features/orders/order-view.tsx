import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { InvoiceDownloadLink } from '../../../client/ui/invoice-download-link.tsx';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { shopPath } from '../catalog/shop-card.tsx';
import { useSettings } from '../settings/settings-store.ts';
import { AddressLines } from '../account/address-lines.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { OrderFigures } from './order-figures.tsx';
import { paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { usePaymentMethodTitle } from './order-labels.ts';
import { OrderLines } from './order-lines.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderReturns } from './order-returns.tsx';
import { StatusTimeline } from './status-timeline.tsx';

function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-3 font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * One order with its lines, progress, address, payment and figures. A guest's (opened by the key of
 * its link) has no way back to an order history, no cancel and no return; its invoice comes by the key.
 */
export function OrderView({ order, guestKey }: { order: OrderDetail; guestKey?: string }) {
  const guest = guestKey !== undefined;
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const method = usePaymentMethodTitle(order.payment_method);
  const multiVendor = useSettings((state) => state.multiVendor);
  return (
    <article>
      {!guest && (
        <Link to="/order-history" className={`${textButtonClass} mb-3 inline-block`}>
          {t('Back to Order History')}
        </Link>
      )}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold text-slate-900">
            {t('Order #{{number}}', { number: order.order_number })}
            <OrderStatusBadge status={order.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t('Placed on {{date}}', { date: formatDate(order.created_at) })}</p>
        </div>
        {guest ? (
          <InvoiceDownloadLink endpoint="GET /guest-orders/:key/invoice" params={{ key: guestKey }} />
        ) : (
          <InvoiceDownloadLink endpoint="GET /orders/:id/invoice" params={{ id: order.id }} />
        )}
        {!guest && order.status === 'pending' && <CancelOrderButton order={order} />}
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-4">
          <Card
            title={
              multiVendor ? (
                <Link to={shopPath(order.shop.id)} dir="auto" className="hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700">
                  {order.shop.name}
                </Link>
              ) : (
                <bdi>{order.shop.name}</bdi>
              )
            }
          >
            <OrderLines order={order} />
          </Card>
          <Card title={t('Order Summary')}>
            <OrderFigures figures={order} taxBasis={order} />
          </Card>
          {!guest && order.status === 'delivered' && <OrderReturns orderId={order.id} />}
          {order.note && (
            <Card title={t('Note')}>
              <p dir="auto" className="whitespace-pre-line text-sm text-slate-700">{order.note}</p>
            </Card>
          )}
        </div>
        <div className="space-y-4">
          <Card title={t('Order Status')}>
            <StatusTimeline order={order} />
          </Card>
          {order.cancel_reason && (
            <Card title={t('Reason for cancellation')}>
              <p className="whitespace-pre-line text-sm text-slate-700">{order.cancel_reason}</p>
            </Card>
          )}
          {order.shipments.length > 0 && (
            <Card title={t('Shipments')}>
              <OrderShipments order={order} />
            </Card>
          )}
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
