import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';
import type { Withdrawal } from '../../../shared/withdrawals.contract.ts';
import { ConsoleDialog } from '../../ui/dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useRevealPayoutDetails } from './withdrawal-queries.ts';

type RevealedWithdrawal = Pick<Withdrawal, 'id' | 'payout_details'>;

/**
 * Inside a withdrawal's dialog, for the store's staff who pay: its payout details masked, and in full
 * after a deliberate click; the note says beforehand that the reading is recorded in the audit log.
 * Closing the dialog hides them again: the next opening asks anew.
 */
export function PayoutDetailsReveal({ withdrawal }: { withdrawal: RevealedWithdrawal }) {
  const { t } = useTranslation();
  const heading = useId();
  const reveal = useRevealPayoutDetails();
  const details = reveal.data?.data.payout_details;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <h3 id={heading} className="text-sm font-medium text-slate-700">
        {t('Payout details')}
      </h3>
      {details === undefined ? (
        <div className="flex flex-wrap items-center gap-3">
          <span dir="ltr" className="text-sm text-slate-700">
            {withdrawal.payout_details}
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(withdrawal.id, { onError: (error) => showToast(error.message, 'error') })}
          >
            {t('Show payout details')}
          </button>
        </div>
      ) : (
        // An IBAN, a holder's name in any script: the seller's text in its own direction.
        <p className="whitespace-pre-line break-words text-sm text-slate-900">
          <bdi>{details}</bdi>
        </p>
      )}
      <p className="text-xs text-slate-600">{t('Viewing the payout details is recorded in the audit log, with your name.')}</p>
    </section>
  );
}

/** A paid or rejected withdrawal's payout details, for a dispute: the reveal in a dialog of its own. */
export function PayoutDetailsDialog({ withdrawal, subject }: { withdrawal: RevealedWithdrawal; subject: { amount: string; shop: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ConsoleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={secondaryButtonClass} aria-label={t('Show the payout details of the withdrawal of {{amount}} by {{shop}}', subject)}>
          {t('Payout details')}
        </button>
      }
      title={<WithUserText text={t('Payout details of the withdrawal of {{amount}} by {{shop}}')} values={subject} />}
    >
      <PayoutDetailsReveal withdrawal={withdrawal} />
      <div className="flex justify-end">
        <Dialog.Close className={secondaryButtonClass}>{t('Close')}</Dialog.Close>
      </div>
    </ConsoleDialog>
  );
}
