import { useRef, useState, type FormEvent } from 'react';
import { TICKET_LIMITS } from '../../../shared/support-tickets.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { TextAreaField } from '../contact/contact-form.tsx';
import { AttachmentPicker, useAttachments } from '../../../client/ui/attachment-picker.tsx';
import { supportQueries, supportRequests } from './support-queries.ts';

/** The reply box under the conversation: a message and up to three pictures. */
export function TicketReplyForm({ ticketNo }: { ticketNo: string }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const attachments = useAttachments();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData();
    body.append('message', message);
    attachments.appendTo(body);
    const answer = await form.run(() => supportRequests.reply(ticketNo, body));
    if (!answer) return;
    notify.success(answer.message);
    queryClient().setQueryData(supportQueries.detail(ticketNo).queryKey, answer.data);
    void queryClient().invalidateQueries({ queryKey: supportQueries.lists() });
    setMessage('');
    attachments.clear();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <TextAreaField
        label={t('Your reply')}
        error={form.errorOf('message')}
        value={message}
        onValue={(text) => {
          setMessage(text);
          form.clearError('message');
        }}
        name="message"
        rows={4}
        maxLength={TICKET_LIMITS.message}
        required
      />
      <AttachmentPicker attachments={attachments} serverError={form.errorOf('attachments')} />
      <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
        {t('Send Reply')}
      </button>
    </form>
  );
}
