import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { queryClient } from '../../client/lib/query-client.ts';
import { CONSOLE_PATH } from '../../shared/console-sign-in.ts';
import { PageReady } from '../../client/ui/page-ready.tsx';
import { AccessGate } from '../features/access/access-gate.tsx';
import { InvitationPage } from '../features/invitation/invitation-page.tsx';
import { ConsoleLayout } from './console-layout.tsx';

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient()}>
      <BrowserRouter basename={CONSOLE_PATH}>
        <PageReady />
        <Routes>
          {/* An invited person has no password yet, so no session: their page is outside the gate. */}
          <Route path="/invitation" element={<InvitationPage />} />
          <Route path="*" element={<AccessGate>{(me) => <ConsoleLayout me={me} />}</AccessGate>} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
