import { Link } from 'react-router';
import type { TicketSummary } from '../../../shared/support.contract.ts';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { issueTypeLabel } from '../../../client/lib/ticket-labels.ts';
import { ticketPagePath } from './support-queries.ts';
import { TicketStatusBadge } from '../../../client/ui/ticket-status-badge.tsx';

/** The shopper's tickets: number (the link), subject, order, issue type, status and date. */
export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const head = 'px-4 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase';
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              {t('Ticket No')}
            </th>
            <th scope="col" className={head}>
              {t('Subject')}
            </th>
            <th scope="col" className={head}>
              {t('Order')}
            </th>
            <th scope="col" className={head}>
              {t('Issue Type')}
            </th>
            <th scope="col" className={head}>
              {t('Status')}
            </th>
            <th scope="col" className={head}>
              {t('Date')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {tickets.map((ticket) => (
            <tr key={ticket.id} data-testid="ticket-row" className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium whitespace-nowrap">
                <Link to={ticketPagePath(ticket.ticket_no)} className="text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700" dir="ltr">
                  {ticket.ticket_no}
                </Link>
              </td>
              <td className="max-w-64 truncate px-4 py-3 text-slate-900">
                <span dir="auto">{ticket.subject}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{ticket.order_number ?? '—'}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{issueTypeLabel(ticket.issue_type)}</td>
              <td className="px-4 py-3">
                <TicketStatusBadge status={ticket.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(ticket.created_at, { dateStyle: 'medium' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TicketListSkeleton() {
  return <div aria-busy="true" className="h-72 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />;
}
