// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../client/lib/query-client.ts';
import { storeRolePermissions } from '../../../shared/console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { pagesAllowed } from '../navigation/console-navigation.ts';
import { CommandPalette } from './command-palette.tsx';
import { useConsoleShortcuts } from './keyboard-shortcuts.ts';
import type { PaletteSearchSource } from './palette-search.ts';

const palette = () => screen.findByRole('dialog', { name: 'Command palette' });

describe('the command palette', () => {
  it('opens with Ctrl+K, offers only the pages the person may open, goes to the chosen one and closes with Escape', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'support_agent', permissions: storeRolePermissions.support_agent }) });
    renderConsole();
    await screen.findByRole('heading', { name: 'Dashboard' });

    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await palette();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dashboard', 'Orders', 'Returns', 'Customers', 'Support tickets']);
    expect(screen.getByRole('combobox')).toHaveFocus();

    await userEvent.keyboard('cust{Enter}');
    expect(dialog).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Go to a page/ }));
    await palette();
    await userEvent.keyboard('settings');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Nothing matches.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("lists a search source's records for the typed text, as the server found them", async () => {
    const search = vi.fn(async (text: string) => [{ id: '17', label: `Order #17 (${text})`, path: '/orders' }]);
    const orders: PaletteSearchSource = { id: 'orders', labelKey: 'Orders', needs: 'orders.read', search };
    render(
      <QueryClientProvider client={queryClient()}>
        <MemoryRouter>
          <CommandPalette open onOpenChange={() => undefined} pages={pagesAllowed({ permissions: [], scope: 'store', sellers_moderate_reviews: false })} sources={[orders]} />
          <Routes>
            <Route path="/orders" element={<p>Orders page</p>} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.keyboard('17');
    await userEvent.click(await screen.findByRole('option', { name: 'Order #17 (17)' }));
    expect(search).toHaveBeenCalledWith('17', expect.any(AbortSignal));
    expect(screen.getByText('Orders page')).toBeInTheDocument();
  });
});

function PageWithSearch() {
  const [open, setOpen] = useState(false);
  useConsoleShortcuts(useCallback(() => setOpen((was) => !was), []));
  return (
    <>
      <p>{open ? 'palette open' : 'palette closed'}</p>
      <input aria-label="Search orders" data-console-search />
      <textarea aria-label="Note" />
    </>
  );
}

describe('the console keys', () => {
  it('puts `/` into the page search unless one is typing, and toggles the palette with Cmd+K', async () => {
    render(<PageWithSearch />);
    await userEvent.keyboard('/');
    expect(screen.getByLabelText('Search orders')).toHaveFocus();
    expect(screen.getByLabelText('Search orders')).toHaveValue('');

    await userEvent.click(screen.getByLabelText('Note'));
    await userEvent.keyboard('a/b');
    expect(screen.getByLabelText('Note')).toHaveValue('a/b');

    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByText('palette open')).toBeInTheDocument();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByText('palette closed')).toBeInTheDocument();
  });
});
