// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { ownMessages } from '../../../client/test/locale-messages.ts';
import type { AuditEntry } from '../../../shared/console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { showConsoleIn, useConsoleLanguage } from '../language/console-language.ts';
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
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Store Admin.*Store owner.*Shop approved.*Shop #7.*Status.*pending.*approved.*127\.0\.0\.1/);
    // A wide table: its scroll box takes focus under the table's name, so arrow keys scroll it.
    expect(table.parentElement).toHaveAttribute('tabindex', '0');
    expect(table.parentElement).toHaveAccessibleName('Audit log');
    expect(auditQueries()[0]).toEqual({ entity_type: 'shop', actor_id: '1' });
    expect(screen.getByLabelText('Entity type')).toHaveValue('shop');

    await userEvent.type(screen.getByLabelText('Actor id'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The actor id must be a number.')).toBeInTheDocument();
    expect(auditQueries()).toHaveLength(1);

    // The actions offered are the chosen entity's, in words.
    const actions = within(screen.getByLabelText('Action')).getAllByRole('option').map((option) => option.textContent);
    expect(actions).toEqual(['All', 'Shop application sent', 'Shop application sent again', 'Shop updated', 'Shop approved', 'Shop rejected', 'Shop suspended', 'Shop reinstated', 'Shop commission set']);
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Shop approved');
    await userEvent.clear(screen.getByLabelText('Actor id'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(auditQueries().at(-1)).toEqual({ entity_type: 'shop', action: 'shop.approve' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(auditQueries().at(-1)).toEqual({ entity_type: 'shop', action: 'shop.approve', cursor: 'next-1' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')).toHaveLength(2);
  });

  it('turns days into the API’s times: from the first day’s start to the end of the last day', () => {
    const query = auditQueryFor({ entity_type: '', action: '', actor_id: ' ', from: '2026-03-01', to: '2026-03-02' });
    expect(Object.keys(query)).toEqual(['from', 'to']);
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 2, 3).getTime());
  });

  it('lets an action of another entity go when the entity changes', async () => {
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/audit-log': ok({ entries: [entry(1)], next_cursor: null }) });
    renderConsole('/audit-log?entity_type=shop&action=shop.approve');
    expect(await screen.findByLabelText('Action')).toHaveValue('shop.approve');
    await userEvent.selectOptions(screen.getByLabelText('Entity type'), 'Product');
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(within(screen.getByLabelText('Action')).getByRole('option', { name: 'Product price changed' })).toBeInTheDocument();
  });
});

describe('the audit log in Arabic', () => {
  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
    useConsoleLanguage.setState({ locale: 'en' });
  });

  it('says what was done, to which record and which fields in Arabic words', async () => {
    const edit: AuditEntry = {
      ...entry(3),
      action: 'product.update',
      entity_type: 'product',
      entity_id: '12',
      changes: {
        name: { before: 'Walk tee', after: 'Walk Tee' },
        variants: { before: [{ price: 39 }, { price: 39 }, { price: 41.99 }], after: [{ price: 39 }, { price: 39 }, { price: 43.99 }] },
      },
    };
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /lang/ar': { body: ownMessages('ar') }, 'GET /console/audit-log': ok({ entries: [edit], next_cursor: null }) });
    await showConsoleIn('ar');
    renderConsole('/audit-log');
    const table = await screen.findByRole('table', { name: 'سجل التدقيق' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/تم تحديث المنتج · Walk Tee.*المنتج #12.*الاسم.*Walk tee.*Walk Tee.*المتغير 3 · السعر.*41\.99.*43\.99/);
    expect(within(screen.getByLabelText('نوع السجل')).getByRole('option', { name: 'دعوة موظف' })).toBeInTheDocument();
  });
});
