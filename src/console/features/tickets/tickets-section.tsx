import { Route, Routes } from 'react-router';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { TicketPage } from './ticket-page.tsx';
import { TicketsPage } from './tickets-page.tsx';

/** `/console/tickets/*`: the queue and a ticket's page. The store's staff also see and choose shops; answering needs `support.write`. */
export function TicketsSection({ me }: { me: ConsoleMe }) {
  return (
    <Routes>
      <Route index element={<TicketsPage storeWide={me.scope === 'store'} />} />
      <Route path=":id" element={<TicketPage me={me.user.id} />} />
    </Routes>
  );
}
