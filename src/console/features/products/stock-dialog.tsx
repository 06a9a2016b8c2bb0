import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { stockAdjustmentReasons, stockAdjustmentSchema, type ConsoleVariant } from '../../../shared/catalog-console.contract.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { Field, inputClass, invalidProps, numberOr, showServerErrors, textareaClass, textOrUndefined } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useAdjustStock } from './product-queries.ts';
import { stockReasonLabel } from './stock-reasons.ts';

/** Moves one variant's stock through the ledger (+ on the shelf, − off it), with the reason, and shows where it now stands. */
export function StockDialog({ productId, variant }: { productId: number; variant: ConsoleVariant }) {
  const { t } = useTranslation();
  const [newStock, setNewStock] = useState<number | null>(null);
  const adjust = useAdjustStock(productId, variant.id);
  const form = useForm({ resolver: zodResolver(stockAdjustmentSchema), defaultValues: { reason: 'restock' } });
  // It stays open after a change to show where the stock now stands; each opening starts afresh.
  const dialog = useFormDialog(() => {
    setNewStock(null);
    form.reset({ reason: 'restock' });
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await adjust.mutateAsync(body);
      setNewStock(answer.data.variant.stock);
      showToast(answer.message);
      form.reset({ reason: body.reason });
    } catch (error) {
      showServerErrors(error, form.setError, ['change', 'reason', 'reference', 'note']);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <button type="button" className={textButtonClass}>
          {t('Stock: {{count}}', { count: formatNumber(variant.stock) })}
        </button>
      }
      title={t('Stock of {{sku}}', { sku: variant.sku })}
      description={t('Add units with a positive change, take them off with a negative one.')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <Field id="stock-change" label={t('Change')} error={errors.change?.message}>
          <input type="number" step={1} {...form.register('change', { setValueAs: numberOr(undefined) })} {...invalidProps('stock-change', errors.change?.message)} className={inputClass} />
        </Field>
        <Field id="stock-reason" label={t('Reason')} error={errors.reason?.message}>
          <select {...form.register('reason')} {...invalidProps('stock-reason', errors.reason?.message)} className={inputClass}>
            {stockAdjustmentReasons.map((reason) => (
              <option key={reason} value={reason}>
                {stockReasonLabel(reason)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="stock-note" label={t('Note (optional)')} error={errors.note?.message}>
          <textarea rows={2} {...form.register('note', { setValueAs: textOrUndefined })} {...invalidProps('stock-note', errors.note?.message)} className={textareaClass} />
        </Field>
        {newStock !== null && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('New stock: {{count}}', { count: formatNumber(newStock) })}
          </p>
        )}
        <DialogButtons busy={adjust.isPending} confirm={t('Adjust stock')} cancel={t('Close')} />
      </form>
    </ConsoleDialog>
  );
}
