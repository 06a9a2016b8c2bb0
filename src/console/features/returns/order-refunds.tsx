import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { refundRequestSchema, type OrderRefunds as Refunds } from '../../../shared/returns.contract.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { formatTime } from '../../ui/date.ts';
import { Field, FieldError, FormField, inputClass, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { refundStatusLabel } from './return-labels.ts';
import { returnQueries, useRefund } from './return-queries.ts';

const money = (amount: number) => formatNumber(amount, 2);

/** The order page's refunds: what was paid and given back, each refund, and a new one (by amount or by items). */
export function OrderRefunds({ orderId, canWrite }: { orderId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const refunds = useQuery(returnQueries.refunds(orderId));
  if (!refunds.data) return null;
  const summary = refunds.data;
  return (
    <section aria-label={t('Refunds')} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('Refunds')}</h2>
        {canWrite && summary.refundable > 0 && <RefundDialog orderId={orderId} summary={summary} />}
      </div>
      <p>
        {t('Paid {{paid}}, refunded {{refunded}}, {{refundable}} left to refund', { paid: money(summary.paid), refunded: money(summary.refunded), refundable: money(summary.refundable) })}
        <span className="ms-2 text-slate-600">{paymentStatusLabel(summary.payment_status)}</span>
      </p>
      {summary.refunds.length > 0 && (
        <ul className="flex flex-col gap-1">
          {summary.refunds.map((refund) => (
            <li key={refund.id} className="border-t border-slate-100 pt-1">
              {t('{{amount}} on {{date}}: {{reason}}', { amount: money(refund.amount), date: formatTime(refund.created_at, { dateStyle: 'medium' }), reason: refund.reason })}
              <span className="ms-2 text-slate-600">{refundStatusLabel(refund.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type RefundRequest = z.output<typeof refundRequestSchema>;

interface RefundForm {
  by: 'amount' | 'items';
  amount?: number;
  /** Every refundable line; those left empty or at 0 are not sent. */
  lines: Array<{ order_item_id: number; quantity?: number }>;
  reason: string;
}

/** The form as the request the shared schema checks: its amount, or the lines given a quantity. */
const refundFormSchema = z.preprocess(
  ({ by, amount, lines, reason }: RefundForm) => (by === 'amount' ? { amount, reason } : { lines: lines.filter((line) => line.quantity !== undefined && line.quantity !== 0), reason }),
  refundRequestSchema,
);

/** The items' message: one for them all (the server's, none chosen), or the first line's (the schema numbers only the lines it was sent). */
const linesError = (errors: FieldErrors<RefundForm>['lines']) => errors?.message ?? errors?.root?.message ?? (Array.isArray(errors) ? errors.find(Boolean)?.quantity?.message : undefined);

function RefundDialog({ orderId, summary }: { orderId: number; summary: Refunds }) {
  const { t } = useTranslation();
  const id = useId();
  const refund = useRefund(orderId);
  const defaults = (): RefundForm => ({ by: 'amount', amount: undefined, lines: summary.lines.map((line) => ({ order_item_id: line.order_item_id })), reason: '' });
  const form = useForm<RefundForm, unknown, RefundRequest>({ resolver: zodResolver(refundFormSchema), defaultValues: defaults() });
  // One key per refund meant: a second click (or a retry after a lost answer) is the same refund.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const dialog = useFormDialog(() => {
    form.reset(defaults());
    setKey(crypto.randomUUID());
  });
  const byItems = useWatch({ control: form.control, name: 'by' }) === 'items';
  const itemsError = linesError(form.formState.errors.lines);

  const submit = form.handleSubmit(async (body) => {
    try {
      showToast((await refund.mutateAsync({ body, key })).message);
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, ['amount', 'lines', 'reason']);
    }
  });

  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={<button type="button" className={primaryButtonClass}>{t('Refund')}</button>} title={t('Refund')} wide>
      <FormProvider {...form}>
        <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">{t('Refund by')}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" value="amount" {...form.register('by')} />
              {t('An amount')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="items" {...form.register('by')} />
              {t('Items')}
            </label>
          </fieldset>
          {byItems ? (
            <fieldset className="flex flex-col gap-2" aria-describedby={itemsError ? `${id}-lines-error` : undefined}>
              <legend className="text-sm font-medium text-slate-800">{t('Items to refund')}</legend>
              {summary.lines.map((line, index) => (
                <Field key={line.order_item_id} id={`${id}-line-${line.order_item_id}`} label={t('{{name}} ({{refundable}} of {{quantity}} refundable, {{price}} each)', { name: line.name, refundable: formatNumber(line.refundable_quantity), quantity: formatNumber(line.quantity), price: money(line.unit_refund) })}>
                  <input id={`${id}-line-${line.order_item_id}`} type="number" min={0} max={line.refundable_quantity} className={inputClass} {...form.register(`lines.${index}.quantity`, { setValueAs: numberOr(undefined) })} />
                </Field>
              ))}
              <FieldError id={`${id}-lines-error`} error={{ message: itemsError }} />
            </fieldset>
          ) : (
            <FormField<RefundForm> name="amount" type="number" label={t('Amount (at most {{refundable}})', { refundable: money(summary.refundable) })} options={{ setValueAs: numberOr(undefined) }} />
          )}
          <FormField<RefundForm> name="reason" type="textarea" label={t('Reason')} />
          <DialogButtons busy={refund.isPending} confirm={t('Refund')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}
