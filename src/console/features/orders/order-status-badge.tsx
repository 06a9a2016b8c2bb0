import { useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel } from '../../../client/lib/order-status-labels.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  confirm: 'bg-sky-50 text-sky-800',
  processing: 'bg-indigo-50 text-indigo-800',
  pickup: 'bg-violet-50 text-violet-800',
  on_the_way: 'bg-violet-100 text-violet-900',
  delivered: 'bg-green-50 text-green-800',
  cancelled: 'bg-red-50 text-red-800',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  useTranslation();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[status]}`}>{orderStatusLabel(status)}</span>;
}
