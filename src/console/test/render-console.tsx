import '../../client/test/component-test-setup.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../../client/lib/query-client.ts';
import { storeRolePermissions, type ConsoleMe } from '../../shared/console.contract.ts';
import { ConsoleLayout } from '../app/console-layout.tsx';
import { AccessGate } from '../features/access/access-gate.tsx';

/** `GET /api/console/me` of the store's owner, who holds every permission. */
export const storeOwner: ConsoleMe = {
  user: { id: 1, name: 'Store Admin', email: 'admin@example.com' },
  scope: 'store',
  role: 'owner',
  shop: null,
  permissions: [...storeRolePermissions.owner],
  sellers_moderate_reviews: false,
  time_zone: 'UTC',
  commission_rate: 10,
};

/** The console as its entry renders it (behind the access gate), at `path` under /console. */
export function renderConsole(path = '/') {
  return render(
    <QueryClientProvider client={queryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AccessGate>{(me) => <ConsoleLayout me={me} />}</AccessGate>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
