import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { useDateFormat } from '../../lib/date.ts';
import { formatPrice } from '../../lib/price.ts';
import { useSettings } from '../settings/settings-store.ts';
import { refundStateLabel, returnStepLabel } from './return-labels.ts';
import { returnQueries } from './return-queries.ts';
import { ReturnRequestDialog } from './return-request-dialog.tsx';
import { WithUserText } from '../../../client/ui/user-text.tsx';

/** A delivered order's returns and refunds, and a way to ask for a return while the window is open. */
export function OrderReturns({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const currency = useSettings((state) => state.selectedCurrency);
  const [asking, setAsking] = useState(false);
  const state = useQuery(returnQueries.ofOrder(orderId)).data;
  const refunds = state?.refunds.flatMap((refund) => (refund.status === 'failed' ? [] : [{ ...refund, status: refund.status }])) ?? [];
  if (!state || (state.returns.length === 0 && refunds.length === 0 && !state.can_request)) return null;
  return (
    <section aria-labelledby={`returns-${orderId}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`returns-${orderId}`} className="font-semibold text-slate-900">
          {t('Returns and refunds')}
        </h2>
        {state.can_request && (
          <button type="button" onClick={() => setAsking(true)} className={secondaryButtonClass}>
            {t('Request a return')}
          </button>
        )}
      </div>
      {state.can_request && state.window_ends_at && <p className="mb-2 text-sm text-slate-600">{t('You can ask for a return until {{date}}.', { date: formatDate(state.window_ends_at) })}</p>}
      <ul className="space-y-3 text-sm">
        {state.returns.map((returned) => (
          <li key={returned.id} className="border-t border-slate-100 pt-2">
            <p className="font-medium text-slate-900">{returnStepLabel(returned.status)}</p>
            <p className="text-slate-700">
              {returned.lines.map((line, index) => (
                <Fragment key={line.order_item_id}>
                  {index > 0 && ', '}
                  <WithUserText text={t('{{quantity}} × {{name}}')} values={{ quantity: formatNumber(line.quantity), name: line.name }} />
                </Fragment>
              ))}
            </p>
            {returned.instructions && (
              <p className="whitespace-pre-line text-slate-700">
                <WithUserText text={t('How to send it back: {{instructions}}')} values={{ instructions: returned.instructions }} />
              </p>
            )}
            {returned.rejection_reason && (
              <p className="whitespace-pre-line text-slate-700">
                <WithUserText text={t('Reason: {{reason}}')} values={{ reason: returned.rejection_reason }} />
              </p>
            )}
          </li>
        ))}
        {refunds.map((refund) => (
          <li key={`refund-${refund.id}`} data-testid="refund" className="border-t border-slate-100 pt-2">
            <p className="font-medium text-slate-900">
              {t('Refund of {{amount}}', { amount: formatPrice(refund.amount, currency) })} · {refundStateLabel(refund.status)}
            </p>
            <p dir="auto" className="text-slate-700">{refund.reason}</p>
          </li>
        ))}
      </ul>
      <ReturnRequestDialog orderId={orderId} lines={state.lines} open={asking} onClose={() => setAsking(false)} />
    </section>
  );
}
