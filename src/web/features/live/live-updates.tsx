import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { LiveEventPayloads } from '../../../shared/live-events.ts';
import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import { t } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { orderStatusLabel } from '../orders/order-labels.ts';
import { orderQueries } from '../orders/order-queries.ts';
import { supportQueries, ticketPagePath } from '../support/support-queries.ts';
import type { StreamEvent } from '../../../client/lib/event-stream-parser.ts';
import { connectLiveEvents } from '../../../client/lib/live-connection.ts';

const statusSet: ReadonlySet<string> = new Set(orderStatuses);

function orderChange(data: unknown): LiveEventPayloads['order.status_changed'] | undefined {
  const change = data as Partial<LiveEventPayloads['order.status_changed']> | null;
  return typeof change?.order_id === 'number' && typeof change.order_number === 'string' && statusSet.has(change.status ?? '')
    ? { order_id: change.order_id, order_number: change.order_number, status: change.status as OrderStatus }
    : undefined;
}

function ticketReply(data: unknown): LiveEventPayloads['ticket.replied'] | undefined {
  const reply = data as Partial<LiveEventPayloads['ticket.replied']> | null;
  return typeof reply?.ticket_no === 'string' ? { ticket_no: reply.ticket_no } : undefined;
}

/** What each live event changes on screen: a toast, and the queries showing the changed thing refetch. */
function showLiveEvent(event: StreamEvent, go: (path: string) => void) {
  const data: unknown = JSON.parse(event.data);
  if (event.type === 'order.status_changed') {
    const change = orderChange(data);
    if (!change) return;
    void queryClient().invalidateQueries({ queryKey: orderQueries.all() });
    notify.message(t('Order #{{number}} is now {{status}}', { number: change.order_number, status: orderStatusLabel(change.status) }), {
      action: { label: t('View'), onClick: () => go(`/order-history/${change.order_id}`) },
    });
  } else if (event.type === 'ticket.replied') {
    const reply = ticketReply(data);
    if (!reply) return;
    void queryClient().invalidateQueries({ queryKey: supportQueries.detail(reply.ticket_no).queryKey });
    void queryClient().invalidateQueries({ queryKey: supportQueries.lists() });
    notify.message(t('New reply to your ticket {{number}}', { number: reply.ticket_no }), {
      action: { label: t('View'), onClick: () => go(ticketPagePath(reply.ticket_no)) },
    });
  }
}

/**
 * The signed-in shopper's live connection (loaded on its own, after the first paint), on the session
 * cookie. It lives as long as the session: another shopper signing in reconnects, logging out closes it.
 */
export default function LiveUpdates() {
  const navigate = useNavigate();
  // The navigate function changes with the page; the connection must not.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(
    () =>
      connectLiveEvents({
        onEvent: (event) => showLiveEvent(event, (path) => void navigateRef.current(path)),
        onUnauthorized: () => useAuth.getState().clearSession(),
      }),
    [],
  );
  return null;
}
