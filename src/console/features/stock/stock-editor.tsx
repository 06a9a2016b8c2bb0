import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { MAX_STOCK, stockAdjustmentReasons, stockAdjustmentSchema, wholeNumber, type StockVariant } from '../../../shared/catalog-console.contract.ts';
import { showServerErrors, textOrUndefined } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { stockReasonLabel } from '../products/stock-reasons.ts';
import { useMoveStock } from './stock-queries.ts';

/** A new quantity, or units added (+) or taken off (−); either way one move through the ledger, with its reason. */
const stockEditSchema = (stock: number) =>
  z
    .object({
      mode: z.enum(['set', 'change']),
      amount: wholeNumber('quantity', -MAX_STOCK, MAX_STOCK),
      reason: stockAdjustmentSchema.shape.reason,
      note: stockAdjustmentSchema.shape.note,
    })
    .superRefine(({ mode, amount }, context) => {
      const change = mode === 'set' ? amount - stock : amount;
      const refuse = (message: string) => context.addIssue({ code: 'custom', path: ['amount'], message });
      if (mode === 'set' && amount < 0) refuse('The quantity must be at least 0.');
      else if (change === 0) refuse('The change must not be 0.');
      else if (stock + change < 0) refuse('The stock cannot go below 0.');
    });
type StockEditValues = z.input<ReturnType<typeof stockEditSchema>>;

const smallInputClass = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600';

/** The stock screen's inline editor of one variant's stock. */
export function StockEditor({ variant }: { variant: StockVariant }) {
  const { t } = useTranslation();
  const move = useMoveStock(variant.product.id, variant.id);
  const form = useForm<StockEditValues>({ resolver: zodResolver(stockEditSchema(variant.stock)), defaultValues: { mode: 'set', reason: '' as StockEditValues['reason'] } });
  const { errors } = form.formState;
  const mode = useWatch({ control: form.control, name: 'mode' });
  const errorId = `stock-${variant.id}-error`;
  const error = errors.amount?.message ?? errors.reason?.message ?? errors.note?.message;

  const submit = form.handleSubmit(async ({ mode: how, amount, reason, note }) => {
    try {
      const answer = await move.mutateAsync({ change: how === 'set' ? amount - variant.stock : amount, reason, note });
      // The row comes back with the new stock, and its editor with it, empty (keyed by the stock).
      showToast(answer.message);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldError('change')) form.setError('amount', { message: failure.fieldError('change') }, { shouldFocus: true });
      else showServerErrors(failure, form.setError, ['reason', 'note']);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <select aria-label={t('How to change the stock of {{sku}}', { sku: variant.sku })} {...form.register('mode')} className={smallInputClass}>
          <option value="set">{t('Set to')}</option>
          <option value="change">{t('Add or remove')}</option>
        </select>
        <input
          type="number"
          step={1}
          dir="ltr"
          aria-label={mode === 'set' ? t('New quantity of {{sku}}', { sku: variant.sku }) : t('Units to add or remove for {{sku}}', { sku: variant.sku })}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('amount', { setValueAs: (value: string) => (value === '' ? undefined : Number(value)) })}
          className={`${smallInputClass} w-24`}
        />
        <select
          aria-label={t('Reason for {{sku}}', { sku: variant.sku })}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('reason')}
          className={smallInputClass}
        >
          <option value="">{t('Choose a reason')}</option>
          {stockAdjustmentReasons.map((reason) => (
            <option key={reason} value={reason}>
              {stockReasonLabel(reason)}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label={t('Note for {{sku}} (optional)', { sku: variant.sku })}
          placeholder={t('Note (optional)')}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('note', { setValueAs: textOrUndefined })}
          className={`${smallInputClass} w-48`}
        />
        <button type="submit" disabled={move.isPending} aria-label={t('Save the stock of {{sku}}', { sku: variant.sku })} className={secondaryButtonClass}>
          {t('Save')}
        </button>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </form>
  );
}
