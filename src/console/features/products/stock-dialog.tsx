import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../client/lib/api-client.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { stockAdjustmentReasons, stockAdjustmentSchema, type ConsoleVariant } from '../../../shared/catalog-console.contract.ts';
import { dialogContentClass, dialogOverlayClass } from './confirm-dialog.tsx';
import { FieldError, inputClass, numberOr, showServerErrors } from './form-fields.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useAdjustStock } from './product-queries.ts';

/** Moves one variant's stock through the ledger (+ on the shelf, − off it), with the reason, and shows where it now stands. */
export function StockDialog({ productId, variant }: { productId: number; variant: ConsoleVariant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [newStock, setNewStock] = useState<number | null>(null);
  const adjust = useAdjustStock(productId, variant.id);
  const form = useForm({ resolver: zodResolver(stockAdjustmentSchema), defaultValues: { reason: 'restock' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await adjust.mutateAsync(body);
      setNewStock(answer.data.variant.stock);
      showToast(answer.message);
      form.reset({ reason: body.reason });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showServerErrors(error, form.setError);
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setNewStock(null);
      }}
    >
      <Dialog.Trigger className={textButtonClass}>{t('Stock: {{count}}', { count: formatNumber(variant.stock) })}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('Stock of {{sku}}', { sku: variant.sku })}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{t('Add units with a positive change, take them off with a negative one.')}</Dialog.Description>
          <form
            onSubmit={(event) => {
              // The dialog sits inside the product's form in React's tree: its submit is not the product's.
              event.stopPropagation();
              void submit(event);
            }}
            noValidate className="flex flex-col gap-3">
            <div className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              <label htmlFor="stock-change">{t('Change')}</label>
              <input
                id="stock-change"
                type="number"
                step={1}
                {...form.register('change', { setValueAs: numberOr(undefined) })}
                aria-invalid={errors.change ? true : undefined}
                aria-describedby={errors.change ? 'stock-change-error' : undefined}
                className={inputClass}
              />
              <FieldError id="stock-change-error" error={errors.change} />
            </div>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {t('Reason')}
              <select {...form.register('reason')} className={inputClass}>
                {stockAdjustmentReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason === 'restock' ? t('Restock') : t('Adjustment')}
                  </option>
                ))}
              </select>
              <FieldError error={errors.reason} />
            </label>
            <FieldError error={errors.root} />
            {newStock !== null && (
              <p role="status" className="text-sm font-medium text-green-800">
                {t('New stock: {{count}}', { count: formatNumber(newStock) })}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={secondaryButtonClass}>{t('Close')}</Dialog.Close>
              <button type="submit" disabled={form.formState.isSubmitting} className={primaryButtonClass}>
                {t('Adjust stock')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
