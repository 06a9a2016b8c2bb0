import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { paymentStatusLabel } from '../../../client/lib/order-status-labels.ts';
import { refundReasonSchema, returnApprovalSchema, returnReceiptSchema, returnRejectionSchema, type ConsoleReturn } from '../../../shared/returns.contract.ts';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { ReadOnlyNote, useCan } from '../access/can.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { formatTime } from '../../ui/date.ts';
import { showServerErrors } from '../../ui/form.tsx';
import { TextDialog } from '../../ui/text-dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { refundStatusLabel, returnStatusLabel } from './return-labels.ts';
import { returnQueries, useRefund, useReturnStep } from './return-queries.ts';

const money = (amount: number) => formatNumber(amount, 2);

/** `/console/returns/:id`: what the shopper asked back and why, and the step it may take next. */
export function ReturnDetailPage() {
  const { t } = useTranslation();
  const returnId = Number(useParams().id);
  const returned = useQuery({ ...returnQueries.detail(returnId), enabled: Number.isSafeInteger(returnId) && returnId > 0 });
  if (returned.data) return <ReturnDetail returned={returned.data} />;
  return <DetailPageState query={returned} texts={{ title: t('Return'), notFound: t('Return not found'), back: { to: '/returns', label: t('Back to returns') }, loading: t('Loading returns…') }} />;
}

function ReturnDetail({ returned }: { returned: ConsoleReturn }) {
  const { t } = useTranslation();
  const canWrite = useCan('orders.write');
  return (
    <PageFrame title={t('Return #{{id}}', { id: returned.id })}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{returnStatusLabel(returned.status)}</span>
        <span className="text-sm text-slate-600">{t('Requested {{date}}', { date: formatTime(returned.created_at) })}</span>
        <Link to="/returns" className={textButtonClass}>
          {t('Back to returns')}
        </Link>
        {canWrite && <ReturnActions returned={returned} />}
      </div>
      {!canWrite && <ReadOnlyNote />}

      <section aria-label={t('Return details')} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t('Order')}</dt>
          <dd>
            <Link to={`/orders/${returned.order.id}`} dir="ltr" className="text-primary-800 hover:underline">
              {returned.order.order_number}
            </Link>
            <span className="ms-2 text-slate-600">{paymentStatusLabel(returned.order.payment_status)}</span>
          </dd>
          <dt className="text-slate-600">{t('Customer')}</dt>
          <dd>
            <bdi>{returned.customer.name}</bdi> <span dir="ltr">{returned.customer.email ?? ''}</span>
          </dd>
          <dt className="text-slate-600">{t('Shop')}</dt>
          <dd dir="auto">{returned.shop.name}</dd>
          <dt className="text-slate-600">{t('Reason')}</dt>
          <dd dir="auto" className="whitespace-pre-line">{returned.reason}</dd>
          {returned.instructions && (
            <>
              <dt className="text-slate-600">{t('Return instructions')}</dt>
              <dd dir="auto" className="whitespace-pre-line">{returned.instructions}</dd>
            </>
          )}
          {returned.rejection_reason && (
            <>
              <dt className="text-slate-600">{t('Rejection reason')}</dt>
              <dd className="whitespace-pre-line">{returned.rejection_reason}</dd>
            </>
          )}
          {returned.received_at && (
            <>
              <dt className="text-slate-600">{t('Received')}</dt>
              <dd>{formatTime(returned.received_at)}</dd>
            </>
          )}
        </dl>
        <ul aria-label={t('Items to return')} className="flex flex-col gap-1">
          {returned.lines.map((line) => (
            <li key={line.order_item_id} className="flex flex-wrap gap-x-3 border-t border-slate-100 pt-1">
              <span className="font-medium">{t('{{quantity}} × {{name}}', { quantity: formatNumber(line.quantity), name: line.name })}</span>
              <span dir="ltr" className="text-slate-600">{line.sku}</span>
              <span>{money(line.unit_price)}</span>
              {line.restocked !== null && <span className="text-slate-600">{line.restocked ? t('Back in stock') : t('Not back in stock')}</span>}
            </li>
          ))}
        </ul>
        {returned.photos.length > 0 && (
          <ul aria-label={t('Photos')} className="flex flex-wrap gap-2">
            {returned.photos.map((photo) => (
              <li key={photo}>
                <a href={photo} target="_blank" rel="noreferrer">
                  <img src={photo} alt={t('Photo from the shopper')} className="h-24 w-24 rounded object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {returned.refunds.map((refund) => (
          <p key={refund.id}>
            {t('Refunded {{amount}}: {{status}}', { amount: money(refund.amount), status: refundStatusLabel(refund.status) })}
          </p>
        ))}
      </section>
    </PageFrame>
  );
}

/** The step the return may take from where it is. */
function ReturnActions({ returned }: { returned: ConsoleReturn }) {
  const { t } = useTranslation();
  const step = useReturnStep(returned.id);
  const refund = useRefund(returned.order.id);
  // One key for this return's refund: a retry after a lost answer is the same refund.
  const [refundKey] = useState(() => crypto.randomUUID());
  if (returned.status === 'requested') {
    return (
      <>
        <TextDialog
          trigger={<button type="button" className={primaryButtonClass}>{t('Approve')}</button>}
          title={t('Approve the return')}
          description={t('The shopper is mailed these instructions.')}
          name="instructions"
          label={t('Return instructions')}
          schema={returnApprovalSchema}
          confirm={t('Approve')}
          mutation={step}
          onSubmit={async (instructions) => (await step.mutateAsync({ step: 'approve', body: { instructions } })).message}
        />
        <TextDialog
          trigger={<button type="button" className={secondaryButtonClass}>{t('Reject')}</button>}
          title={t('Reject the return')}
          description={t('The shopper is mailed the reason.')}
          name="reason"
          label={t('Reason')}
          schema={returnRejectionSchema}
          confirm={t('Reject')}
          mutation={step}
          onSubmit={async (reason) => (await step.mutateAsync({ step: 'reject', body: { reason } })).message}
        />
      </>
    );
  }
  if (returned.status === 'approved') return <ReceiveDialog returned={returned} />;
  if (returned.status === 'received') {
    return (
      <TextDialog
        trigger={<button type="button" className={primaryButtonClass}>{t('Refund the return')}</button>}
        title={t('Refund the return')}
        description={t('The returned items are refunded as they were sold.')}
        name="reason"
        label={t('Reason')}
        schema={refundReasonSchema}
        confirm={t('Refund')}
        mutation={refund}
        onSubmit={async (reason) => (await refund.mutateAsync({ body: { return_id: returned.id, reason }, key: refundKey })).message}
      />
    );
  }
  return null;
}

type Receipt = z.infer<typeof returnReceiptSchema>;

/** Marks an approved return received, each line back in stock or not. */
function ReceiveDialog({ returned }: { returned: ConsoleReturn }) {
  const { t } = useTranslation();
  const id = useId();
  const step = useReturnStep(returned.id);
  const defaults = (): Receipt => ({ lines: returned.lines.map((line) => ({ order_item_id: line.order_item_id, restock: true })) });
  const form = useForm<Receipt>({ resolver: zodResolver(returnReceiptSchema), defaultValues: defaults() });
  const dialog = useFormDialog(() => form.reset(defaults()));
  const submit = form.handleSubmit(async (receipt) => {
    try {
      showToast((await step.mutateAsync({ step: 'receive', body: receipt })).message);
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, []);
    }
  });
  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={<button type="button" className={primaryButtonClass}>{t('Mark received')}</button>}
      title={t('Mark the return received')}
      description={t('Choose which items go back to stock.')}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">{t('Back in stock')}</legend>
          {returned.lines.map((line, index) => (
            <label key={line.order_item_id} htmlFor={`${id}-${line.order_item_id}`} className="flex items-center gap-2 text-sm">
              <input id={`${id}-${line.order_item_id}`} type="checkbox" {...form.register(`lines.${index}.restock`)} />
              {t('{{quantity}} × {{name}}', { quantity: formatNumber(line.quantity), name: line.name })}
            </label>
          ))}
        </fieldset>
        <DialogButtons busy={step.isPending} confirm={t('Mark received')} />
      </form>
    </ConsoleDialog>
  );
}
