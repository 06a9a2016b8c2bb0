import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../client/lib/query-client.ts';

// A test types through a whole form key by key; on a busy two-core machine that can take longer than vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  queryClient().clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

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
