// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleNotification, NotificationPage } from '../../../shared/notifications.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { notificationPath } from './notification-text.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const lowStock: ConsoleNotification = {
  id: 3,
  kind: 'low_stock',
  entity_type: 'product',
  entity_id: 31,
  shop_id: 4,
  data: { product: 'Desk Lamp', sku: 'LAMP-1', stock: 4 },
  created_at: minutesAgo(5),
  read_at: null,
};
const application: ConsoleNotification = {
  id: 2,
  kind: 'seller_application',
  entity_type: 'shop',
  entity_id: 9,
  shop_id: 9,
  data: { shop: 'Green Corner' },
  created_at: minutesAgo(120),
  read_at: null,
};
const awaiting: ConsoleNotification = {
  id: 1,
  kind: 'product_awaiting_approval',
  entity_type: 'product',
  entity_id: 12,
  shop_id: 4,
  data: { product: 'Oak Chair', shop: 'Wood Works' },
  created_at: minutesAgo(3 * 24 * 60),
  read_at: minutesAgo(60),
};

/** The console's live stream, answered by the test: `send` writes one SSE frame to it. */
function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (opened) => void (controller = opened) });
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/events' ? Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })) : stubbed(input, init),
  );
  return {
    send: (type: string, data: unknown) => controller.enqueue(new TextEncoder().encode(`id: 1-0\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

describe('the notification bell', () => {
  it('counts the unread, lists the newest, opens one (marking it read) and marks all read', async () => {
    let page: NotificationPage = { notifications: [lowStock, application, awaiting], next_cursor: null, unread_count: 2 };
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/notifications': () => ok(page),
      'POST /console/notifications/2/read': ok({ notification: { ...application, read_at: minutesAgo(0) }, unread_count: 1 }, 'Notification read'),
      'POST /console/notifications/read-all': () => {
        page = { ...page, notifications: page.notifications.map((notification) => ({ ...notification, read_at: minutesAgo(0) })), unread_count: 0 };
        return ok({ unread_count: 0 }, 'Notifications read');
      },
    });
    liveStream();
    renderConsole('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const items = screen.getAllByRole('menuitem').filter((item) => item.textContent !== 'Mark all as read');
    expect(items.map((item) => item.textContent)).toEqual([
      'Low stock: Desk Lamp (LAMP-1) has 4 left5 minutes ago · Unread',
      'New seller application: Green Corner2 hours ago · Unread',
      'Product awaiting approval: Oak Chair (Wood Works)3 days ago',
    ]);

    await userEvent.click(screen.getByRole('menuitem', { name: /New seller application: Green Corner/ }));
    expect(api.calls('POST /console/notifications/2/read')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shops approval' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
    expect(api.calls('POST /console/notifications/read-all')).toHaveLength(1);
  });

  it('shows a notification that arrives live, with the new count, without a reload', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/notifications': ok({ notifications: [awaiting], next_cursor: null, unread_count: 0 }),
    });
    const live = liveStream();
    renderConsole('/');
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();

    live.send('console.notification', { notification: { ...lowStock, created_at: minutesAgo(0) }, unread_count: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getAllByRole('menuitem')[1]).toHaveTextContent('Low stock: Desk Lamp (LAMP-1) has 4 left');
    expect(api.calls('GET /console/notifications')).toHaveLength(1);

    await userEvent.click(screen.getByRole('menuitem', { name: /Low stock: Desk Lamp/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Stock' })).toHaveAttribute('aria-current', 'page'));
    expect(screen.getByRole('heading', { name: 'Stock' })).toBeInTheDocument();
  });

  it('lists older notifications a page at a time, keeping the panel open', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/notifications': ({ query }) =>
        query.cursor === '2'
          ? ok({ notifications: [awaiting], next_cursor: null, unread_count: 2 })
          : ok({ notifications: [lowStock, application], next_cursor: '2', unread_count: 2 }),
    });
    const live = liveStream();
    renderConsole('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(screen.queryByRole('menuitem', { name: /Oak Chair/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Show older notifications' }));

    expect(await screen.findByRole('menuitem', { name: /Product awaiting approval: Oak Chair/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Show older notifications' })).not.toBeInTheDocument();
    expect(api.calls('GET /console/notifications').map((call) => call.query.cursor)).toEqual([undefined, '2']);

    // The older page's notification, changed live (marked unread elsewhere), changes where it is listed.
    live.send('console.notification', { notification: { ...awaiting, read_at: null }, unread_count: 3 });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /Oak Chair/ })).toHaveTextContent(/Unread$/));
    const items = screen.getAllByRole('menuitem').filter((item) => item.textContent !== 'Mark all as read');
    expect(items.map((item) => item.textContent)).toEqual([
      'Low stock: Desk Lamp (LAMP-1) has 4 left5 minutes ago · Unread',
      'New seller application: Green Corner2 hours ago · Unread',
      'Product awaiting approval: Oak Chair (Wood Works)3 days ago · Unread',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
  });

  it('tells a member a ticket was given to them, and links to it', async () => {
    const given: ConsoleNotification = {
      id: 9,
      kind: 'ticket_assigned',
      entity_type: 'ticket',
      entity_id: 77,
      shop_id: null,
      data: { ticket_no: 'T-1042', subject: 'Broken lid' },
      created_at: minutesAgo(1),
      read_at: null,
    };
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/notifications': ok({ notifications: [given], next_cursor: null, unread_count: 1 }) });
    liveStream();
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('menuitem', { name: /Ticket T-1042 was given to you: Broken lid/ })).toBeInTheDocument();
    expect(notificationPath(given)).toBe('/tickets/77');
  });

  it('tells the order staff a card refund failed, and links to the order to refund it again', async () => {
    const failed: ConsoleNotification = {
      id: 10,
      kind: 'refund_failed',
      entity_type: 'order',
      entity_id: 41,
      shop_id: 4,
      data: { order_number: 'OS100041', shop: 'Lamp Shop' },
      created_at: minutesAgo(1),
      read_at: null,
    };
    stubApi({ 'GET /console/me': ok(storeOwner), 'GET /console/notifications': ok({ notifications: [failed], next_cursor: null, unread_count: 1 }) });
    liveStream();
    renderConsole('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('menuitem', { name: /Refund failed for order OS100041 \(Lamp Shop\): refund it again/ })).toBeInTheDocument();
    expect(notificationPath(failed)).toBe('/orders/41');
  });
});
