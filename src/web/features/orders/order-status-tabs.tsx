import { Link } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { orderStatusLabel } from './order-labels.ts';
import { orderHistoryPath, orderStatusTabs, type OrderStatusTab } from './order-params.ts';

interface OrderStatusTabsProps {
  current: OrderStatusTab;
  counts: Record<OrderStatusTab, number> | undefined;
}

/** One link per status with its count; the chosen one lives in the URL. */
export function OrderStatusTabs({ current, counts }: OrderStatusTabsProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('Order Status')} className="mb-5">
      <ul className="flex flex-wrap gap-2">
        {orderStatusTabs.map((status) => {
          const active = status === current;
          return (
            <li key={status}>
              <Link
                to={orderHistoryPath(status)}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 ${
                  active ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-primary-700 hover:text-primary-800'
                }`}
              >
                {orderStatusLabel(status)}
                <span className={`rounded-full px-1.5 text-xs ${active ? 'bg-white/20' : 'bg-slate-100 text-slate-700'}`}>{counts?.[status] ?? 0}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
