import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { LiveEventPayloads } from '../../../shared/live-events.ts';
import { orderStatuses, type OrderStatus } from '../../../shared/order-statuses.ts';
import { returnStatuses, type ReturnStatus } from '../../../shared/returns.contract.ts';
import { t } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { notify } from '../../lib/toast.ts';
import { useAuth } from '../session/session-store.ts';
import { orderStatusLabel } from '../orders/order-labels.ts';
import { orderQueries } from '../orders/order-queries.ts';
import { returnStepLabel } from '../orders/return-labels.ts';
import { supportQueries, ticketPagePath } from '../support/support-queries.ts';
import type { StreamEvent } from '../../../client/lib/event-stream-parser.ts';
import { connectLiveEvents } from '../../../client/lib/live-connection.ts';

const statusSet: ReadonlySet<string> = new Set(orderStatuses);
const returnStatusSet: ReadonlySet<string> = new Set(returnStatuses);

function orderChange(data: unknown): LiveEventPayloads['order.status_changed'] | undefined {
  const change = data as Partial<LiveEventPayloads['order.status_changed']> | null;
  return typeof change?.order_id === 'number' && typeof change.order_number === 'string' && statusSet.has(change.status ?? '')
    ? { order_id: change.order_id, order_number: change.order_number, status: change.status as OrderStatus }
    : undefined;
}

function trackingChange(data: unknown): LiveEventPayloads['order.tracking_changed'] | undefined {
  const change = data as Partial<LiveEventPayloads['order.tracking_changed']> | null;
  return typeof change?.order_id === 'number' && typeof change.order_number === 'string' ? { order_id: change.order_id, order_number: change.order_number } : undefined;
}

function returnChange(data: unknown): LiveEventPayloads['order.return_changed'] | undefined {
  const change = data as Partial<LiveEventPayloads['order.return_changed']> | null;
  return typeof change?.order_id === 'number' && typeof change.order_number === 'string' && returnStatusSet.has(change.status ?? '')
    ? { order_id: change.order_id, order_number: change.order_number, status: change.status as ReturnStatus }
    : undefined;
}

function ticketReply(data: unknown): LiveEventPayloads['ticket.replied'] | undefined {
  const reply = data as Partial<LiveEventPayloads['ticket.replied']> | null;
  return typeof reply?.ticket_no === 'string' ? { ticket_no: reply.ticket_no } : undefined;
}

function ticketStatusChange(data: unknown): LiveEventPayloads['ticket.status_changed'] | undefined {
  const change = data as Partial<LiveEventPayloads['ticket.status_changed']> | null;
  return typeof change?.ticket_no === 'string' && (change.status === 'closed' || change.status === 'open') ? { ticket_no: change.ticket_no, status: change.status } : undefined;
}

/** The ticket's page and the ticket list show it anew. */
function refetchTicket(ticketNo: string) {
  void queryClient().invalidateQueries({ queryKey: supportQueries.detail(ticketNo).queryKey });
  void queryClient().invalidateQueries({ queryKey: supportQueries.lists() });
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
  } else if (event.type === 'order.tracking_changed') {
    const change = trackingChange(data);
    if (!change) return;
    void queryClient().invalidateQueries({ queryKey: orderQueries.all() });
    notify.message(t('New tracking for your order #{{number}}', { number: change.order_number }), {
      action: { label: t('View'), onClick: () => go(`/order-history/${change.order_id}`) },
    });
  } else if (event.type === 'order.return_changed') {
    const change = returnChange(data);
    if (!change) return;
    void queryClient().invalidateQueries({ queryKey: orderQueries.all() });
    notify.message(t('Order #{{number}}: {{step}}', { number: change.order_number, step: returnStepLabel(change.status) }), {
      action: { label: t('View'), onClick: () => go(`/order-history/${change.order_id}`) },
    });
  } else if (event.type === 'ticket.replied') {
    const reply = ticketReply(data);
    if (!reply) return;
    refetchTicket(reply.ticket_no);
    notify.message(t('New reply to your ticket {{number}}', { number: reply.ticket_no }), {
      action: { label: t('View'), onClick: () => go(ticketPagePath(reply.ticket_no)) },
    });
  } else if (event.type === 'ticket.status_changed') {
    const change = ticketStatusChange(data);
    if (!change) return;
    refetchTicket(change.ticket_no);
    const number = change.ticket_no;
    notify.message(change.status === 'closed' ? t('Your ticket {{number}} was closed', { number }) : t('Your ticket {{number}} was reopened', { number }), {
      action: { label: t('View'), onClick: () => go(ticketPagePath(change.ticket_no)) },
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
