import { useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel } from './order-labels.ts';
import type { OrderStatus } from '../../../shared/order-statuses.ts';

const tones: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirm: 'bg-sky-100 text-sky-900',
  processing: 'bg-indigo-100 text-indigo-900',
  pickup: 'bg-cyan-100 text-cyan-900',
  on_the_way: 'bg-violet-100 text-violet-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  useTranslation();
  return (
    <span data-testid="order-status" className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>
      {orderStatusLabel(status)}
    </span>
  );
}
