import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../../client/lib/query-client.ts';
import { CONSOLE_PATH } from '../../shared/console-sign-in.ts';
import { PageReady } from '../../client/ui/page-ready.tsx';
import { AccessGate } from '../features/access/access-gate.tsx';
import { ConsoleLayout } from './console-layout.tsx';

export function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient()}>
      <BrowserRouter basename={CONSOLE_PATH}>
        <PageReady />
        <AccessGate>{(me) => <ConsoleLayout me={me} />}</AccessGate>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
