import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { staffCancellableStatuses, staffCancelSchema, type StaffCancel } from '../../../shared/order-fulfilment.contract.ts';
import type { ConsoleOrder } from '../../../shared/orders-console.contract.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { Field, invalidProps, showServerErrors, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCancelOrder } from './order-queries.ts';

/** Cancels an order not yet delivered, with the reason the customer is told; its stock goes back on the shelf. */
export function OrderCancelDialog({ order }: { order: ConsoleOrder }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.id);
  const form = useForm<StaffCancel>({ resolver: zodResolver(staffCancelSchema), defaultValues: { reason: '' } });
  const dialog = useFormDialog(() => form.reset({ reason: '' }));
  const error = form.formState.errors.reason?.message;
  if (!staffCancellableStatuses.includes(order.status)) return null;

  const submit = form.handleSubmit(async (body) => {
    try {
      showToast(t((await cancel.mutateAsync(body)).message));
      dialog.close();
    } catch (failure) {
      showServerErrors(failure, form.setError, ['reason']);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <button type="button" className={secondaryButtonClass}>
          {t('Cancel order')}
        </button>
      }
      title={t('Cancel order {{number}}?', { number: order.order_number })}
      description={t('Its stock goes back on the shelf and the customer gets the reason by e-mail.')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field id="cancel-reason" label={t('Reason')} error={error}>
          <textarea {...form.register('reason')} {...invalidProps('cancel-reason', error)} className={textareaClass} />
        </Field>
        <DialogButtons busy={cancel.isPending} confirm={t('Cancel order')} cancel={t('Keep the order')} />
      </form>
    </ConsoleDialog>
  );
}
