// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldAnswer, ok, refused, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import type { ConsoleTicket, ConsoleTicketRow } from '../../../shared/tickets-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { pictureFile } from '../../test/upload-stub.ts';

const row = (id: number, change: Partial<ConsoleTicketRow> = {}): ConsoleTicketRow => ({
  id,
  ticket_no: `TCK-AAAAAAAAA${id}`,
  order_id: 40,
  order_number: 'OS100040',
  status: 'open',
  subject: `Lid ${id} missing`,
  issue_type: 'order',
  created_at: '2026-04-01T10:00:00.000Z',
  updated_at: '2026-04-01T10:00:00.000Z',
  customer: { id: 9, name: 'Ada Lovelace', email: 'ada@example.test' },
  shop: { id: 2, name: 'Lamp Corner' },
  assignee: null,
  ...change,
});
const counts = { open: 2, answered: 1200, closed: 0 };
const twoPages = ({ query }: SeenRequest) =>
  query.cursor === 'c2'
    ? ok({ tickets: [row(3, { subject: 'Wrong colour' })], next_cursor: null, counts })
    : ok({ tickets: [row(1), row(2, { assignee: { id: 1, name: 'Store Admin' } })], next_cursor: 'c2', counts });

const detail = (change: Partial<ConsoleTicketRow> = {}, messages: ConsoleTicket['messages'] = [], id = 1): ConsoleTicket => ({
  ticket: row(id, change),
  messages: [
    { id: 1, body: 'The lid was missing.', is_staff: false, author: { name: 'Ada Lovelace' }, attachments: ['/media/uploads/tickets/box.webp'], created_at: '2026-04-01T10:00:00.000Z' },
    ...messages,
  ],
  assignees: [
    { id: 1, name: 'Store Admin' },
    { id: 7, name: 'Sam Support' },
  ],
});
const reply = { id: 2, body: 'A new lid is on its way.', is_staff: true, author: { name: 'Store Admin' }, attachments: ['/media/uploads/tickets/label.webp'], created_at: '2026-04-01T11:00:00.000Z' };

describe('the support queue', () => {
  it('shows the status tabs with their counts, asks the server with the filters of the address, pages on, and opens a ticket from its row', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), 'GET /shops': ok({ shops: [] }), 'GET /console/tickets': twoPages, 'GET /console/tickets/3': ok(detail({ subject: 'Wrong colour' }, [], 3)) });
    renderConsole('/tickets?status=open&assignee=me&search=lid');
    expect(await screen.findByRole('link', { name: 'TCK-AAAAAAAAA1' })).toBeInTheDocument();
    expect(api.calls('GET /console/tickets')[0]!.query).toEqual({ status: 'open', assignee: 'me', search: 'lid' });
    expect(screen.getByRole('tab', { name: 'Open (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Answered (about 1,200)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Closed (0)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('me');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Store Admin')).toBeInTheDocument();
    expect(within(table).getAllByText('Lamp Corner')).toHaveLength(2);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Delivery');
    await expect.poll(() => api.calls('GET /console/tickets').at(-1)!.query).toEqual({ status: 'open', issue_type: 'delivery', assignee: 'me', search: 'lid' });
    await userEvent.click(screen.getByRole('tab', { name: 'All (about 1,202)' }));
    await expect.poll(() => api.calls('GET /console/tickets').at(-1)!.query).toEqual({ issue_type: 'delivery', assignee: 'me', search: 'lid' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByText('Wrong colour'));
    expect(await screen.findByRole('heading', { name: 'Ticket TCK-AAAAAAAAA3: Wrong colour' })).toBeInTheDocument();
  });

  it('shows a seller no shop column or filter', async () => {
    const seller: ConsoleMe = { ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 2, name: 'Lamp Corner', status: 'approved' }, permissions: ['support.read', 'support.write'] };
    stubApi({ 'GET /console/me': ok(seller), 'GET /console/tickets': ok({ tickets: [row(1)], next_cursor: null, counts: { open: 1, answered: 0, closed: 0 } }) });
    renderConsole('/tickets');
    expect(await screen.findByRole('link', { name: 'TCK-AAAAAAAAA1' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Shop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Shop' })).not.toBeInTheDocument();
  });
});

describe('a ticket’s page', () => {
  it('shows the conversation, takes the ticket, and replies with text and a picture', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/tickets/1': ok(detail()),
      'POST /console/tickets/1/assign': ok(detail({ assignee: { id: 1, name: 'Store Admin' } }), 'Support ticket assigned'),
    });
    renderConsole('/tickets/1');
    expect(await screen.findByRole('heading', { name: 'Ticket TCK-AAAAAAAAA1: Lid 1 missing' })).toBeInTheDocument();
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByText('The lid was missing.')).toBeInTheDocument();
    expect(within(conversation).getByRole('img', { name: 'Attachment 1' })).toHaveAttribute('src', '/media/uploads/tickets/box.webp');
    expect(screen.getByRole('link', { name: 'OS100040' })).toHaveAttribute('href', '/orders/40');

    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Support ticket assigned')).toBeInTheDocument();
    expect(api.calls('POST /console/tickets/1/assign')[0]!.body).toEqual({ user_id: 1 });
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('1');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('The message field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/tickets/1/messages')).toHaveLength(0);

    api.answer({ 'POST /console/tickets/1/messages': ok(detail({ status: 'answered' }, [reply]), 'Reply sent successfully') });
    await userEvent.type(screen.getByLabelText('Your reply'), 'A new lid is on its way.');
    await userEvent.upload(screen.getByLabelText('Images (optional)'), pictureFile('label.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply sent successfully')).toBeInTheDocument();
    const sent = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)![1]!.body as FormData;
    expect(sent.get('message')).toBe('A new lid is on its way.');
    expect((sent.getAll('attachments') as File[]).map((file) => file.name)).toEqual(['label.png']);
    expect(within(screen.getByRole('region', { name: 'Conversation' })).getByText('A new lid is on its way.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('shows the server’s refusal of a reply under the reply box, the send button disabled while it is on its way', async () => {
    const refusal = heldAnswer(refused(422, 'The message may not contain links.', { message: ['The message may not contain links.'] }));
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/tickets/1': ok(detail()), 'POST /console/tickets/1/messages': refusal.responder });
    renderConsole('/tickets/1');
    await userEvent.type(await screen.findByLabelText('Your reply'), 'See https://example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled());
    refusal.release();
    expect(await screen.findByText('The message may not contain links.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your reply')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Your reply')).toHaveAccessibleDescription('The message may not contain links.');
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeEnabled();
  });

  it('keeps the confirmation’s button disabled while the ticket is being closed', async () => {
    const closing = heldAnswer(ok(detail({ status: 'closed' }), 'The ticket is closed'));
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/tickets/1': ok(detail()), 'POST /console/tickets/1/close': closing.responder });
    renderConsole('/tickets/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close ticket TCK-AAAAAAAAA1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close ticket' })).toBeDisabled());
    closing.release();
    expect(await screen.findByText('The ticket is closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes after a confirmation and reopens; a closed ticket takes no reply', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/tickets/1': ok(detail()),
      'POST /console/tickets/1/close': ok(detail({ status: 'closed' }), 'Support ticket closed'),
      'POST /console/tickets/1/reopen': ok(detail({ status: 'open' }), 'Support ticket reopened'),
    });
    renderConsole('/tickets/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close ticket TCK-AAAAAAAAA1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Support ticket closed')).toBeInTheDocument();
    expect(api.calls('POST /console/tickets/1/close')).toHaveLength(1);
    expect(screen.getByText('This ticket is closed. Reopen it to reply.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByText('Support ticket reopened')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reply' })).toBeInTheDocument();
  });

  it('shows a reader the conversation without the actions', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'order_manager', permissions: ['orders.read', 'support.read'] }), 'GET /console/tickets/1': ok(detail()) });
    renderConsole('/tickets/1');
    expect(await screen.findByText('The lid was missing.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Ticket actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role can view this page but not change it.')).toBeInTheDocument();
  });
});
