import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../client/lib/api-client.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { InvoiceDownloadLink } from '../../../client/ui/invoice-download-link.tsx';
import type { OrderStatus } from '../../../shared/order-statuses.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { ReadOnlyNote, useCan } from '../access/can.tsx';
import { EntityHistory } from '../audit/entity-history.tsx';
import { OrderRefunds } from '../returns/order-refunds.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { formatTime } from '../../ui/date.ts';
import { Facts, Section } from '../../ui/detail-section.tsx';
import { showToast } from '../../ui/toast.tsx';
import { orderStatusLabel, paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { MarkPaidButton } from './mark-paid-button.tsx';
import { OrderCancelDialog } from './order-cancel-dialog.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { orderQueries, useChangeOrderStatus, usePaymentMethodTitle } from './order-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

const money = (amount: number) => formatNumber(amount, 2);

/** `/console/orders/:id`: the order as placed, what happened to it, and the steps the transition table allows next. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().id);
  const order = useQuery({ ...orderQueries.detail(orderId), enabled: Number.isSafeInteger(orderId) && orderId > 0 });
  if (!order.data) {
    return <DetailPageState query={order} texts={{ title: t('Order'), notFound: t('Order not found'), back: { to: '/orders', label: t('Back to orders') }, loading: t('Loading orders…') }} />;
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const canWrite = useCan('orders.write');
  const canReadAudit = useCan('audit.read');
  const { address } = order;
  const paymentMethod = usePaymentMethodTitle();
  return (
    <PageFrame title={t('Order {{number}}', { number: order.order_number })}>
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-slate-600">{t('Placed {{date}}', { date: formatTime(order.created_at) })}</span>
        <Link to="/orders" className={textButtonClass}>
          {t('Back to orders')}
        </Link>
        <InvoiceDownloadLink endpoint="GET /console/orders/:id/invoice" params={{ id: order.id }} />
        {canWrite && <StatusButtons order={order} />}
      </div>
      {!canWrite && <ReadOnlyNote />}

      <Section title={t('Items')}>
        <table className="w-full text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 text-start font-semibold">{t('Product')}</th>
              <th scope="col" className="py-1 text-start font-semibold">{t('SKU')}</th>
              <th scope="col" className="py-1 text-end font-semibold">{t('Unit price')}</th>
              <th scope="col" className="py-1 text-end font-semibold">{t('Quantity')}</th>
              <th scope="col" className="py-1 text-end font-semibold">{t('Line total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} className="border-t border-slate-100">
                <td className="py-1">
                  <Link to={`/products/${line.product_id}`} className="text-primary-800 hover:underline" dir="auto">
                    {line.name}
                  </Link>
                  {(line.color || line.size) && <span dir="auto" className="block text-xs text-slate-500">{[line.color, line.size].filter(Boolean).join(' · ')}</span>}
                </td>
                <td className="py-1" dir="ltr">{line.sku}</td>
                <td className="py-1 text-end">{money(line.unit_price)}</td>
                <td className="py-1 text-end">{formatNumber(line.quantity)}</td>
                <td className="py-1 text-end">{money(line.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Facts
          rows={[
            [t('Subtotal'), money(order.totals.subtotal)],
            [t('Delivery charge'), money(order.totals.delivery_charge)],
            [t('Discount'), order.totals.coupon_code ? `${money(order.totals.coupon_discount)} (${order.totals.coupon_code})` : money(order.totals.coupon_discount)],
            [t('Tax'), money(order.totals.tax_amount)],
            [t('Total'), <strong key="total">{money(order.totals.payable_amount)}</strong>],
          ]}
        />
      </Section>

      <div className="grid gap-4 md:grid-cols-3">
        <Section title={t('Customer')}>
          <Facts
            rows={[
              [t('Name'), order.customer.name],
              [t('E-mail'), <span key="email" dir="ltr">{order.customer.email ?? '—'}</span>],
              [t('Phone'), <span key="phone" dir="ltr">{order.customer.phone ?? '—'}</span>],
              [t('Account'), order.customer.id === null ? t('Guest') : `#${order.customer.id}`],
            ]}
          />
        </Section>
        <Section title={t('Delivery address')}>
          <address className="text-sm not-italic text-slate-800">
            {[address.name, address.phone, [address.flat_no, address.address_line].filter(Boolean).join(', '), address.address_line2, address.area, [address.city, address.state, address.post_code].filter(Boolean).join(' '), address.country]
              .filter(Boolean)
              .map((part) => (
                <span key={part} className="block">
                  {part}
                </span>
              ))}
          </address>
        </Section>
        <Section title={t('Payment')}>
          <Facts
            rows={[
              [t('Payment method'), paymentMethod(order.payment.method)],
              [t('Payment state'), paymentStatusLabel(order.payment_status)],
              [t('Amount charged'), `${money(order.payment.amount)} ${order.payment.currency}`],
              [t('Shop'), order.shop.name],
            ]}
          />
        </Section>
      </div>

      <OrderShipments order={order} canWrite={canWrite} />
      <OrderRefunds orderId={order.id} canWrite={canWrite} />

      {order.note && (
        <Section title={t('Note')}>
          <p dir="auto" className="whitespace-pre-wrap text-sm text-slate-800">{order.note}</p>
        </Section>
      )}

      <Section title={t('Timeline')}>
        <ol className="flex flex-col gap-2 border-s border-slate-200 ps-4 text-sm">
          {order.timeline.map((step, index) => (
            <li key={`${step.status}-${index}`}>
              <span className="font-medium text-slate-900">{orderStatusLabel(step.status)}</span>
              <span className="text-slate-600"> · {formatTime(step.at)} · </span>
              <bdi className="text-slate-700">{step.actor ? (step.actor.name ?? t('Account #{{id}}', { id: step.actor.id })) : t('The store')}</bdi>
              {step.reason && (
                <p className="whitespace-pre-wrap text-slate-700">
                  <WithUserText text={t('Reason: {{reason}}')} values={{ reason: step.reason }} />
                </p>
              )}
            </li>
          ))}
        </ol>
      </Section>

      {canReadAudit && <EntityHistory entityType="order" entityId={order.id} />}
    </PageFrame>
  );
}

/** A button per status the transition table allows next; cancelling (at any step before delivery) asks for a reason. */
function StatusButtons({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const change = useChangeOrderStatus(order.id);
  const move = async (status: OrderStatus) => {
    try {
      showToast((await change.mutateAsync(status)).message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showToast(error.message, 'error');
    }
  };
  return (
    <div role="group" aria-label={t('Change status')} className="ms-auto flex flex-wrap gap-2">
      {order.next_statuses
        .filter((status) => status !== 'cancelled')
        .map((status) => (
          <button key={status} type="button" disabled={change.isPending} onClick={() => void move(status)} className={primaryButtonClass}>
            {t('Mark as {{status}}', { status: orderStatusLabel(status) })}
          </button>
        ))}
      <MarkPaidButton order={order} />
      <OrderCancelDialog order={order} />
    </div>
  );
}
