import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel } from './order-labels.ts';
import { stepsAhead } from './order-progress.ts';

/** Steps already taken (with their dates), then the steps still ahead while the order is open. */
export function StatusTimeline({ order }: { order: Pick<OrderDetail, 'status' | 'status_history'> }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const ahead = stepsAhead(order);
  const last = order.status_history.length - 1;

  return (
    <ol aria-label={t('Order progress')} className="space-y-0">
      {order.status_history.map((entry, index) => (
        <li key={`${entry.status}-${entry.created_at}`} className="group relative flex gap-3 pb-5 last:pb-0" aria-current={index === last ? 'step' : undefined}>
          <span aria-hidden="true" className="absolute start-[0.4375rem] top-4 h-full w-0.5 bg-slate-200 group-last:hidden" />
          <span
            aria-hidden="true"
            className={`relative mt-1 size-4 shrink-0 rounded-full border-2 ${entry.status === 'cancelled' ? 'border-red-700 bg-red-700' : 'border-primary-700 bg-primary-700'}`}
          />
          <div>
            <p className="text-sm font-semibold text-slate-900">{orderStatusLabel(entry.status)}</p>
            <p className="text-xs text-slate-600">{formatDate(entry.created_at)}</p>
          </div>
        </li>
      ))}
      {ahead.map((status) => (
        <li key={status} className="group relative flex gap-3 pb-5 last:pb-0">
          <span aria-hidden="true" className="absolute start-[0.4375rem] top-4 h-full w-0.5 bg-slate-200 group-last:hidden" />
          <span aria-hidden="true" className="relative mt-1 size-4 shrink-0 rounded-full border-2 border-slate-300 bg-white" />
          <p className="text-sm text-slate-600">
            {orderStatusLabel(status)}
            <span className="sr-only"> ({t('not yet')})</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
