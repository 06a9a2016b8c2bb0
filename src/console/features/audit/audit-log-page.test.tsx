// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import type { AuditEntry } from '../../../shared/console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { auditQueryFor } from './audit-filters.ts';

const entry = (id: number): AuditEntry => ({
  id,
  action: 'shop.approve',
  entity_type: 'shop',
  entity_id: '7',
  shop_id: 7,
  actor: { id: 1, name: 'Store Admin', role: 'owner' },
  changes: { status: { before: 'pending', after: 'approved' } },
  client_address: '127.0.0.1',
  request_id: null,
  created_at: '2026-03-02T09:30:00.000Z',
});

/** The query strings of the audit log calls the page made, in order. */
const auditQueries = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://store.test'))
    .filter((url) => url.pathname === '/api/console/audit-log')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the audit log page', () => {
  it('asks with the filters of its address, applies new ones to the address and loads older entries by cursor', async () => {
    stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/audit-log': () => (auditQueries().at(-1)?.cursor === 'next-1' ? ok({ entries: [entry(1)], next_cursor: null }) : ok({ entries: [entry(2)], next_cursor: 'next-1' })),
    });
    renderConsole('/audit-log?entity_type=shop&actor_id=1');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Store Admin.*Store owner.*shop\.approve.*shop #7.*status.*pending.*approved.*127\.0\.0\.1/);
    // A wide table: its scroll box takes focus under the table's name, so arrow keys scroll it.
    expect(table.parentElement).toHaveAttribute('tabindex', '0');
    expect(table.parentElement).toHaveAccessibleName('Audit log');
    expect(auditQueries()[0]).toEqual({ entity_type: 'shop', actor_id: '1' });
    expect(screen.getByLabelText('Entity type')).toHaveValue('shop');

    await userEvent.type(screen.getByLabelText('Actor id'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The actor id must be a number.')).toBeInTheDocument();
    expect(auditQueries()).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('Action'), 'shop.approve');
    await userEvent.clear(screen.getByLabelText('Actor id'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(auditQueries().at(-1)).toEqual({ entity_type: 'shop', action: 'shop.approve' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(3));
    expect(auditQueries().at(-1)).toEqual({ entity_type: 'shop', action: 'shop.approve', cursor: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('turns days into the API’s times: from the first day’s start to the end of the last day', () => {
    const query = auditQueryFor({ entity_type: '', action: ' ', actor_id: '', from: '2026-03-01', to: '2026-03-02' });
    expect(Object.keys(query)).toEqual(['from', 'to']);
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 2, 3).getTime());
  });
});
