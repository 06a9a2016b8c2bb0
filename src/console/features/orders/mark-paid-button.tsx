import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useMarkOrderPaid } from './order-queries.ts';

/** Records that a cash-on-delivery order's cash was collected, while it is unpaid. */
export function MarkPaidButton({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const markPaid = useMarkOrderPaid(order.id);
  if (order.payment_method !== 'cash' || order.payment_status !== 'pending' || order.status === 'cancelled') return null;
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={secondaryButtonClass}>
          {t('Mark as paid')}
        </button>
      }
      title={t('Mark order {{number}} as paid?', { number: order.order_number })}
      description={t('Record that the cash for this order was collected.')}
      confirmLabel={t('Mark as paid')}
      mutation={markPaid}
      onConfirm={async () => showToast(t((await markPaid.mutateAsync(undefined)).message))}
    />
  );
}
