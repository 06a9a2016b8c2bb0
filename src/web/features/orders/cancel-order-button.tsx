import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { showFailure } from '../../components/form/use-form-request.ts';
import { catalogQueries } from '../catalog/catalog-queries.ts';
import { orderQueries, orderRequests } from './order-queries.ts';
import type { OrderDetail } from '../../../shared/orders.contract.ts';

/** Cancel Order, asked once more in a dialog; the server puts the stock back. */
export function CancelOrderButton({ order }: { order: Pick<OrderDetail, 'id' | 'order_number' | 'items'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const questionId = useId();

  const cancel = useMutation({
    mutationFn: () => orderRequests.cancel(order.id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      for (const line of order.items) void queryClient.invalidateQueries({ queryKey: catalogQueries.product(line.product_id).queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError) showFailure(error);
    },
    onSettled: async () => {
      setAsking(false);
      // Whatever the answer, the order may have moved on: show it as the server has it now.
      await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    },
  });

  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={`${secondaryButtonClass} border-red-300 text-red-800 hover:border-red-700 hover:text-red-900`}>
        {t('Cancel Order')}
      </button>
      <ModalDialog open={asking} onClose={() => setAsking(false)} title={t('Cancel Order')} describedBy={questionId} hideClose>
        <div className="space-y-5 p-5">
          <p id={questionId} className="text-slate-700">
            {t('Are you sure you want to cancel order #{{number}}?', { number: order.order_number })}
          </p>
          <div className="flex justify-end gap-3">
            <button type="button" data-autofocus onClick={() => setAsking(false)} className={secondaryButtonClass}>
              {t('No')}
            </button>
            <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate()} className={primaryButtonClass}>
              {t('Yes, cancel it')}
            </button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
