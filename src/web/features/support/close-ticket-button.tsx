import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { showFailure } from '../../components/form/use-form-request.ts';
import { supportQueries, supportRequests } from './support-queries.ts';

/** Closes the ticket after a confirmation: a closed ticket takes no more replies. */
export function CloseTicketButton({ ticketNo }: { ticketNo: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();

  const close = useMutation({
    mutationFn: () => supportRequests.close(ticketNo),
    onSuccess: (answer) => {
      notify.success(answer.message);
      queryClient().setQueryData(supportQueries.detail(ticketNo).queryKey, answer.data);
      void queryClient().invalidateQueries({ queryKey: supportQueries.lists() });
      setConfirming(false);
    },
    onError: (error) => {
      if (error instanceof ApiError) showFailure(error);
    },
  });

  return (
    <>
      <button type="button" onClick={() => setConfirming(true)} className={secondaryButtonClass}>
        {t('Close Ticket')}
      </button>
      <ModalDialog open={confirming} onClose={() => setConfirming(false)} title={t('Close Ticket')} describedBy={questionId} hideClose>
        <div className="space-y-4 p-4">
          <p id={questionId} className="text-slate-700">
            {t('Close this ticket? You will not be able to reply to it any more.')}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButtonClass} data-autofocus>
              {t('Cancel')}
            </button>
            <button type="button" onClick={() => close.mutate()} disabled={close.isPending} aria-busy={close.isPending || undefined} className={primaryButtonClass}>
              {t('Yes, close it')}
            </button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}
