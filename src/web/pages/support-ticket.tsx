import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { primaryButtonClass } from '../../client/ui/button-styles.ts';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { readPage, totalPages } from '../features/catalog/listing-params.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { NewTicketDialog } from '../features/support/new-ticket-dialog.tsx';
import { supportQueries } from '../features/support/support-queries.ts';
import { TicketList, TicketListSkeleton } from '../features/support/ticket-list.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

const listPath = (page: number) => (page > 1 ? `/support-tickets?page=${page}` : '/support-tickets');

/** `/support-tickets`: the shopper's tickets, ten a page (page in the URL), and a New Ticket dialog. */
export default function SupportTicket() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = readPage(params);
  const { data, error, refetch } = useQuery(supportQueries.list({ page }));
  const [creating, setCreating] = useState(false);

  const newTicket = (
    <button type="button" onClick={() => setCreating(true)} className={primaryButtonClass}>
      {t('New Ticket')}
    </button>
  );

  let content;
  if (error) content = <QueryFailure error={error} notFoundMessage={t('Ticket not found')} onRetry={() => void refetch()} />;
  else if (!data) content = <TicketListSkeleton />;
  else if (data.tickets.length === 0) content = <EmptyState message={t('You have no support tickets')} action={newTicket} />;
  else {
    content = (
      <>
        <TicketList tickets={data.tickets} />
        <Pagination page={page} totalPages={totalPages(data.total)} linkTo={listPath} />
      </>
    );
  }

  return (
    <section>
      <PageHeading title={t('Support Ticket')}>{newTicket}</PageHeading>
      {content}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
