import type { TicketStatus } from '../../shared/support-tickets.ts';
import { useTranslation } from '../lib/i18n.ts';
import { ticketStatusLabel } from '../lib/ticket-labels.ts';

const tones: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  useTranslation();
  return (
    <span data-testid="ticket-status" className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}>
      {ticketStatusLabel(status)}
    </span>
  );
}
