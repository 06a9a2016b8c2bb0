import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { usePaymentMethodTitle } from './order-labels.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import type { OrderSummary } from '../../../shared/orders.contract.ts';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The heading level of each order's number: one below the heading the list sits under. */
type OrderHeadingLevel = 2 | 3;

function OrderRow({ order, headingLevel }: { order: OrderSummary; headingLevel: OrderHeadingLevel }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const formatDate = useDateFormat();
  const currency = useSettings((state) => state.selectedCurrency);
  const method = usePaymentMethodTitle(order.payment_method);
  return (
    <li data-testid="order-row" className="relative rounded-lg border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-primary-700 hover:border-primary-700">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-semibold text-slate-900">
          {/* The whole card is the link's target; the heading keeps its name short for screen readers. */}
          <Link to={`/order-history/${order.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {t('Order #{{number}}', { number: order.order_number })}
          </Link>
        </Heading>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <Fact term={t('Shop')}>
          <bdi>{order.shop.name}</bdi>
        </Fact>
        <Fact term={t('Date')}>{formatDate(order.created_at)}</Fact>
        <Fact term={t('Items')}>{order.total_items}</Fact>
        <Fact term={t('Payable Amount')}>{formatPrice(order.payable_amount, currency)}</Fact>
        <Fact term={t('Payment')}>
          {method}
          <span className="block text-xs font-normal text-slate-600">{paymentStatusLabel(order.payment_status)}</span>
        </Fact>
      </dl>
    </li>
  );
}

/** The shopper's orders as cards: number, shop, date, items, payable amount, status and payment state. */
export function OrderList({ orders, headingLevel }: { orders: OrderSummary[]; headingLevel: OrderHeadingLevel }) {
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

export function OrderListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-28 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
