import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from '../../../client/lib/live-connection.ts';
import { notificationUpdateSchema } from '../../../shared/notifications.contract.ts';
import { consoleMeQuery } from '../access/console-me.ts';
import { auditLogKey } from '../audit/audit-queries.ts';
import { applyNotificationUpdate } from './notification-queries.ts';

/**
 * Follows the signed-in member's live stream (`GET /api/events`, on the session cookie) while the
 * console is open: each `console.notification` joins the bell's list with the new unread count, and
 * the screens showing records of its kind (`['console', 'tickets']` for a ticket's new message, so an
 * open ticket shows the shopper's reply) and the audit log's (History) read them again. A refused session sends the console back through its access gate.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      connectLiveEvents({
        onEvent: (event) => {
          if (event.type !== 'console.notification') return;
          const update = notificationUpdateSchema.safeParse(JSON.parse(event.data));
          if (!update.success) return;
          applyNotificationUpdate(queryClient, update.data);
          void queryClient.invalidateQueries({ queryKey: ['console', `${update.data.notification.entity_type}s`] });
          void queryClient.invalidateQueries({ queryKey: auditLogKey });
        },
        onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: consoleMeQuery.queryKey }),
      }),
    [queryClient],
  );
}
