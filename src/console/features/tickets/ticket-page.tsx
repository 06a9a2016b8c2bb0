import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { issueTypeLabel } from '../../../client/lib/ticket-labels.ts';
import { AttachmentPicker, useAttachments } from '../../../client/ui/attachment-picker.tsx';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { TicketStatusBadge } from '../../../client/ui/ticket-status-badge.tsx';
import { ticketReplySchema, type TicketReplyInput } from '../../../shared/support.contract.ts';
import { TICKET_LIMITS } from '../../../shared/support-tickets.ts';
import type { ConsoleTicket } from '../../../shared/tickets-console.contract.ts';
import { formatTime } from '../../ui/date.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Field, invalidProps, showServerErrors, textareaClass } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { ReadOnlyNote, useCan } from '../access/can.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { ticketQueries, useAssignTicket, useCloseTicket, useReopenTicket, useReplyToTicket } from './ticket-queries.ts';
import { WithUserText } from '../../../client/ui/user-text.tsx';

const fieldClass = 'h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700';

/** `/console/tickets/:id`: the conversation, who has it, the reply box, closing and reopening. */
export function TicketPage({ me }: { me: number }) {
  const { t } = useTranslation();
  const ticketId = Number(useParams().id);
  const ticket = useQuery({ ...ticketQueries.detail(ticketId), enabled: Number.isSafeInteger(ticketId) && ticketId > 0 });
  if (!ticket.data) {
    return <DetailPageState query={ticket} texts={{ title: t('Support ticket'), notFound: t('Ticket not found'), back: { to: '/tickets', label: t('Back to support tickets') }, loading: t('Loading tickets…') }} />;
  }
  return <TicketDetail detail={ticket.data} me={me} />;
}

function TicketDetail({ detail, me }: { detail: ConsoleTicket; me: number }) {
  const { t } = useTranslation();
  const canWrite = useCan('support.write');
  const { ticket, messages } = detail;
  return (
    <PageFrame title={t('Ticket {{number}}: {{subject}}', { number: ticket.ticket_no, subject: ticket.subject })}>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <TicketStatusBadge status={ticket.status} />
        <span>{issueTypeLabel(ticket.issue_type)}</span>
        <span>
          <WithUserText text={t('{{name}} ({{email}})')} values={{ name: ticket.customer.name, email: ticket.customer.email ?? '—' }} />
        </span>
        {ticket.order_id !== null && ticket.order_number !== null && (
          <Link to={`/orders/${ticket.order_id}`} className={textButtonClass} dir="ltr">
            {ticket.order_number}
          </Link>
        )}
        {ticket.shop && <bdi>{ticket.shop.name}</bdi>}
        <Link to="/tickets" className={textButtonClass}>
          {t('Back to support tickets')}
        </Link>
      </div>

      {canWrite ? <TicketActions detail={detail} me={me} /> : <ReadOnlyNote />}

      <section aria-label={t('Conversation')} className="flex flex-col gap-3">
        <h2 className="text-base font-semibold text-slate-900">{t('Conversation')}</h2>
        <ol className="flex flex-col gap-3">
          {messages.map((message) => (
            <li key={message.id} className={`flex flex-col gap-2 rounded-lg border p-4 ${message.is_staff ? 'ms-8 border-primary-200 bg-primary-50' : 'me-8 border-slate-200 bg-white'}`}>
              <p className="text-sm font-medium text-slate-900">
                {message.is_staff ? <WithUserText text={t('{{name}} (the store)')} values={{ name: message.author?.name ?? t('Support Team') }} /> : <bdi>{message.author?.name ?? ticket.customer.name}</bdi>}
                <span className="ms-2 font-normal text-slate-600">{formatTime(message.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</span>
              </p>
              <p dir="auto" className="text-sm whitespace-pre-wrap text-slate-800">{message.body}</p>
              {message.attachments.length > 0 && (
                <ul aria-label={t('Attached images')} className="flex flex-wrap gap-2">
                  {message.attachments.map((url, index) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noreferrer">
                        <img src={url} alt={t('Attachment {{number}}', { number: index + 1 })} className="size-24 rounded-md border border-slate-200 object-cover" />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>

      {canWrite && ticket.status !== 'closed' && <ReplyForm ticketId={ticket.id} />}
      {canWrite && ticket.status === 'closed' && <p className="text-sm text-slate-600">{t('This ticket is closed. Reopen it to reply.')}</p>}
    </PageFrame>
  );
}

/** Who has the ticket (taking it oneself in one click), and closing or reopening it. */
function TicketActions({ detail, me }: { detail: ConsoleTicket; me: number }) {
  const { t } = useTranslation();
  const { ticket, assignees } = detail;
  const assign = useAssignTicket(ticket.id);
  const close = useCloseTicket(ticket.id);
  const reopen = useReopenTicket(ticket.id);
  const give = (userId: number | null) =>
    assign.mutate(userId, { onSuccess: ({ message }) => showToast(message), onError: (error) => showToast(error.message, 'error') });
  return (
    <div role="group" aria-label={t('Ticket actions')} className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        {t('Assigned to')}
        <select value={ticket.assignee?.id ?? ''} disabled={assign.isPending} onChange={(event) => give(Number(event.target.value) || null)} className={fieldClass}>
          <option value="">{t('Nobody')}</option>
          {assignees.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </label>
      {ticket.assignee?.id !== me && assignees.some((person) => person.id === me) && (
        <button type="button" disabled={assign.isPending} onClick={() => give(me)} className={secondaryButtonClass}>
          {t('Assign to me')}
        </button>
      )}
      {ticket.status === 'closed' ? (
        <button type="button" disabled={reopen.isPending} onClick={() => reopen.mutate(undefined, { onSuccess: ({ message }) => showToast(message), onError: (error) => showToast(error.message, 'error') })} className={secondaryButtonClass}>
          {t('Reopen ticket')}
        </button>
      ) : (
        <ConfirmDialog
          trigger={
            <button type="button" className={secondaryButtonClass}>
              {t('Close ticket')}
            </button>
          }
          title={t('Close ticket {{number}}?', { number: ticket.ticket_no })}
          description={t('The shopper can no longer reply to a closed ticket; you can reopen it later.')}
          confirmLabel={t('Close ticket')}
          mutation={close}
          onConfirm={async () => showToast((await close.mutateAsync(undefined)).message)}
        />
      )}
    </div>
  );
}

/** The reply as the form holds it: the shared schema's message, and the place of the server's refusal of the pictures. */
type ReplyValues = TicketReplyInput & { attachments?: string };

/** The store's answer: plain text and up to three pictures, sent as the shopper's replies are. */
function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<ReplyValues, unknown, TicketReplyInput>({ resolver: zodResolver(ticketReplySchema) as unknown as Resolver<ReplyValues, unknown, TicketReplyInput>, defaultValues: { message: '' } });
  const attachments = useAttachments();
  const reply = useReplyToTicket(ticketId);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ message }) => {
    const body = new FormData();
    body.append('message', message);
    attachments.appendTo(body);
    try {
      showToast((await reply.mutateAsync(body)).message);
      form.reset();
      attachments.clear();
    } catch (error) {
      showServerErrors(error, form.setError, ['message', 'attachments']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('Reply')} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <Field id={id} label={t('Your reply')} error={errors.message?.message}>
        <textarea {...form.register('message')} {...invalidProps(id, errors.message?.message)} maxLength={TICKET_LIMITS.message} rows={4} className={textareaClass} />
      </Field>
      <AttachmentPicker attachments={attachments} serverError={errors.attachments?.message} />
      <button type="submit" disabled={reply.isPending} aria-busy={reply.isPending || undefined} className={`${primaryButtonClass} self-start`}>
        {t('Send Reply')}
      </button>
    </form>
  );
}
