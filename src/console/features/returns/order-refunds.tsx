import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import type { OrderRefunds as Refunds } from '../../../shared/returns.contract.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { formatTime } from '../../ui/date.ts';
import { Field, inputClass, invalidProps, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { refundStatusLabel } from './return-labels.ts';
import { returnQueries, useRefund } from './return-queries.ts';
import { refusalOf } from './step-dialogs.tsx';

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

function RefundDialog({ orderId, summary }: { orderId: number; summary: Refunds }) {
  const { t } = useTranslation();
  const id = useId();
  const refund = useRefund(orderId);
  const [open, setOpen] = useState(false);
  // One key per refund meant: a second click (or a retry after a lost answer) is the same refund.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [byItems, setByItems] = useState(false);
  const [amount, setAmount] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setKey(crypto.randomUUID());
    setErrors({});
  };
  const submit = async () => {
    const lines = Object.entries(quantities)
      .map(([item, quantity]) => ({ order_item_id: Number(item), quantity: Number(quantity) }))
      .filter((line) => line.quantity > 0);
    try {
      const answer = await refund.mutateAsync({ body: byItems ? { lines, reason } : { amount: Number(amount), reason }, key });
      showToast(answer.message);
      setOpen(false);
    } catch (failure) {
      setErrors(refusalOf(failure, ['amount', 'lines', 'reason']));
    }
  };
  return (
    <ConsoleDialog open={open} onOpenChange={openChange} trigger={<button type="button" className={primaryButtonClass}>{t('Refund')}</button>} title={t('Refund')} wide>
      <form
        // The server checks the amount (the browser's step check misreads cents as off-step).
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('Refund by')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-by`} checked={!byItems} onChange={() => setByItems(false)} />
            {t('An amount')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-by`} checked={byItems} onChange={() => setByItems(true)} />
            {t('Items')}
          </label>
        </fieldset>
        {byItems ? (
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.lines ? `${id}-lines-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t('Items to refund')}</legend>
            {summary.lines.map((line) => (
              <Field key={line.order_item_id} id={`${id}-line-${line.order_item_id}`} label={t('{{name}} ({{refundable}} of {{quantity}} refundable, {{price}} each)', { name: line.name, refundable: formatNumber(line.refundable_quantity), quantity: formatNumber(line.quantity), price: money(line.unit_refund) })}>
                <input
                  id={`${id}-line-${line.order_item_id}`}
                  type="number"
                  min={0}
                  max={line.refundable_quantity}
                  className={inputClass}
                  value={quantities[line.order_item_id] ?? ''}
                  onChange={(event) => setQuantities({ ...quantities, [line.order_item_id]: event.target.value })}
                />
              </Field>
            ))}
            {errors.lines && (
              <p id={`${id}-lines-error`} className="text-sm text-red-700">
                {t(errors.lines)}
              </p>
            )}
          </fieldset>
        ) : (
          <Field id={`${id}-amount`} label={t('Amount (at most {{refundable}})', { refundable: money(summary.refundable) })} error={errors.amount}>
            <input {...invalidProps(`${id}-amount`, errors.amount)} type="number" step="0.01" min={0} className={inputClass} value={amount} onChange={(event) => setAmount(event.target.value)} />
          </Field>
        )}
        <Field id={`${id}-reason`} label={t('Reason')} error={errors.reason}>
          <textarea {...invalidProps(`${id}-reason`, errors.reason)} className={textareaClass} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <DialogButtons busy={refund.isPending} confirm={t('Refund')} />
      </form>
    </ConsoleDialog>
  );
}
