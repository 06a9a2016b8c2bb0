import '../../client/test/component-test-setup.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { queryClient } from '../../client/lib/query-client.ts';

/** Renders a piece of the storefront as the app does: with its query cache, at `path`, and a page at `/` to land on. */
export function renderApp(ui: ReactNode, { path = '/test' }: { path?: string } = {}) {
  return render(
    <QueryClientProvider client={queryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/" element={<p>Home page</p>} />
          <Route path="*" element={<p>Another page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
