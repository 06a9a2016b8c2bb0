import type { OrderDetail } from '../../../shared/orders.contract.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { useDateFormat } from '../../lib/date.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/** The order's parcels: when each shipped, its carrier, tracking number and link, and what is in it. */
export function OrderShipments({ order }: { order: Pick<OrderDetail, 'shipments' | 'items'> }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const itemName = (id: number) => order.items.find((item) => item.id === id)?.name ?? '';
  return (
    <ol className="space-y-4 text-sm">
      {order.shipments.map((shipment) => (
        <li key={shipment.id} className="border-t border-slate-100 pt-3 first:border-t-0 first:pt-0">
          <p className="mb-1 text-xs text-slate-600">{t('Shipped on {{date}}', { date: formatDate(shipment.shipped_at) })}</p>
          <dl className="space-y-1">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('Carrier')}</dt>
              <dd dir="auto" className="font-medium text-slate-900">{shipment.carrier}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600">{t('Tracking number')}</dt>
              <dd dir="ltr" className="font-mono font-medium text-slate-900">
                {shipment.tracking_number}
              </dd>
            </div>
          </dl>
          {shipment.tracking_url && (
            <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-medium text-primary-700 underline hover:text-primary-800">
              {t('Track the parcel')}
            </a>
          )}
          <ul className="mt-1 text-slate-700">
            {shipment.items.map((item) => (
              <li key={item.order_item_id}>
                <WithUserText text={t('{{count}} × {{name}}')} values={{ count: formatNumber(item.quantity), name: itemName(item.order_item_id) }} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
