import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { primaryButtonClass, textButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { isNotFound } from '../features/catalog/catalog-queries.ts';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { CloseTicketButton } from '../features/support/close-ticket-button.tsx';
import { issueTypeLabel } from '../../client/lib/ticket-labels.ts';
import { supportQueries } from '../features/support/support-queries.ts';
import { TicketReplyForm } from '../features/support/ticket-reply-form.tsx';
import { TicketStatusBadge } from '../../client/ui/ticket-status-badge.tsx';
import { TicketThread } from '../features/support/ticket-thread.tsx';
import type { TicketThread as Thread } from '../../shared/support.contract.ts';
import { useDateFormat } from '../lib/date.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/support-tickets" className={`${textButtonClass} mb-3 inline-block`}>
      {t('Back to Support Tickets')}
    </Link>
  );
}

function TicketView({ thread: { ticket, messages } }: { thread: Thread }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (
    <article>
      <BackLink />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold break-words text-slate-900">
            <span dir="auto">{ticket.subject}</span>
            <TicketStatusBadge status={ticket.status} />
          </h1>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>{t('Ticket No')}:</dt>
              <dd className="font-medium text-slate-900" dir="ltr">
                {ticket.ticket_no}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('Issue Type')}:</dt>
              <dd className="font-medium text-slate-900">{issueTypeLabel(ticket.issue_type)}</dd>
            </div>
            {ticket.order_id !== null && ticket.order_number && (
              <div className="flex gap-1">
                <dt>{t('Order')}:</dt>
                <dd>
                  <Link to={`/order-history/${ticket.order_id}`} className={textButtonClass}>
                    {ticket.order_number}
                  </Link>
                </dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt>{t('Opened')}:</dt>
              <dd className="font-medium text-slate-900">{formatDate(ticket.created_at)}</dd>
            </div>
          </dl>
        </div>
        {ticket.status !== 'closed' && <CloseTicketButton ticketNo={ticket.ticket_no} />}
      </header>
      <TicketThread messages={messages} />
      <div className="mt-6">
        {ticket.status === 'closed' ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{t('This ticket is closed. Open a new ticket if you need more help.')}</p>
        ) : (
          <TicketReplyForm ticketNo={ticket.ticket_no} />
        )}
      </div>
    </article>
  );
}

/** `/support-ticket/:ticketNumber`: the conversation, the reply box and Close Ticket; the store's replies arrive live. */
export default function SupportTicketDetails() {
  const { t } = useTranslation();
  const { ticketNumber = '' } = useParams();
  const { data, error, refetch } = useQuery(supportQueries.detail(ticketNumber));
  if (error && isNotFound(error)) {
    return (
      <section>
        <BackLink />
        <h1 className="sr-only">{t('Ticket not found')}</h1>
        <EmptyState
          message={t('Ticket not found')}
          action={
            <Link to="/support-tickets" className={primaryButtonClass}>
              {t('My Support Tickets')}
            </Link>
          }
        />
      </section>
    );
  }
  if (error) return <QueryFailure error={error} notFoundMessage={t('Ticket not found')} onRetry={() => void refetch()} />;
  if (!data) return <div aria-busy="true" className="h-96 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
  return <TicketView thread={data} />;
}
