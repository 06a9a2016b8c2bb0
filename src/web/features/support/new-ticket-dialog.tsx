import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TICKET_LIMITS, ticketIssueTypes } from '../../../shared/support-tickets.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { ModalDialog } from '../../components/ui/modal-dialog.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { SelectField, TextField } from '../../components/form/form-fields.tsx';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { TextAreaField } from '../contact/contact-form.tsx';
import { orderQueries } from '../orders/order-queries.ts';
import { AttachmentPicker, useAttachments } from '../../../client/ui/attachment-picker.tsx';
import { issueTypeLabel } from '../../../client/lib/ticket-labels.ts';
import { supportQueries, supportRequests, ticketPagePath } from './support-queries.ts';

const emptyTicket = { subject: '', issue_type: '', order_id: '', message: '' };
type TicketValues = typeof emptyTicket;

/** The shopper's recent orders, to say which one the ticket is about (the API pages at most 50). */
const recentOrders = orderQueries.list({ status: 'all', page: 1, perPage: 50 });

function NewTicketForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyTicket);
  const attachments = useAttachments();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');
  const orders = useQuery(recentOrders).data?.orders ?? [];

  const update = (changes: Partial<TicketValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData();
    for (const [field, value] of Object.entries(values)) if (value !== '') body.append(field, value);
    attachments.appendTo(body);
    const answer = await form.run(() => supportRequests.open(body));
    if (!answer) return;
    const { ticket } = answer.data;
    notify.success(answer.message);
    queryClient().setQueryData(supportQueries.detail(ticket.ticket_no).queryKey, answer.data);
    void queryClient().invalidateQueries({ queryKey: supportQueries.lists() });
    onDone();
    void navigate(ticketPagePath(ticket.ticket_no));
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-4">
      <TextField
        label={t('Subject')}
        error={form.errorOf('subject')}
        value={values.subject}
        onValue={(subject) => update({ subject })}
        name="subject"
        maxLength={TICKET_LIMITS.subject}
        required
        data-autofocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('Issue Type')} error={form.errorOf('issue_type')} value={values.issue_type} onValue={(issue_type) => update({ issue_type })} name="issue_type" required>
          <option value="">{t('Select issue type')}</option>
          {ticketIssueTypes.map((type) => (
            <option key={type} value={type}>
              {issueTypeLabel(type)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('Order (optional)')} error={form.errorOf('order_id')} value={values.order_id} onValue={(order_id) => update({ order_id })} name="order_id">
          <option value="">{t('No order')}</option>
          {orders.map((order) => (
            <option key={order.id} value={order.id}>
              {t('Order #{{number}}', { number: order.order_number })}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={t('Message')}
        error={form.errorOf('message')}
        value={values.message}
        onValue={(message) => update({ message })}
        name="message"
        rows={5}
        maxLength={TICKET_LIMITS.message}
        required
      />
      <AttachmentPicker attachments={attachments} serverError={form.errorOf('attachments')} />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          {t('Cancel')}
        </button>
        <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
          {t('Submit Ticket')}
        </button>
      </div>
    </form>
  );
}

/** "New ticket": subject, issue type, optionally one of the shopper's orders, the message and up to three pictures. */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('New Ticket')} className="sm:max-w-xl">
      {open && <NewTicketForm onDone={onClose} />}
    </ModalDialog>
  );
}
