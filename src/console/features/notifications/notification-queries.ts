import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { NotificationPage, NotificationUpdate } from '../../../shared/notifications.contract.ts';

/** The newest notifications the bell's panel lists, with the unread count. */
export const notificationsQuery = queryOptions({
  queryKey: ['console', 'notifications'],
  queryFn: async ({ signal }) => (await api.call('GET /console/notifications', { query: { limit: 20 }, signal })).data,
});

/** A notification that arrived live, or was just read: in the list (new ones on top), with the count the server sent along. */
export function applyNotificationUpdate(queryClient: QueryClient, { notification, unread_count }: NotificationUpdate) {
  queryClient.setQueryData(notificationsQuery.queryKey, (page: NotificationPage | undefined): NotificationPage | undefined => {
    if (!page) return page;
    const known = page.notifications.some((existing) => existing.id === notification.id);
    const notifications = known ? page.notifications.map((existing) => (existing.id === notification.id ? notification : existing)) : [notification, ...page.notifications];
    return { ...page, notifications, unread_count };
  });
}

export async function markNotificationRead(queryClient: QueryClient, id: number) {
  applyNotificationUpdate(queryClient, (await api.call('POST /console/notifications/:id/read', { params: { id: String(id) } })).data);
}

export async function markAllNotificationsRead(queryClient: QueryClient) {
  await api.call('POST /console/notifications/read-all');
  await queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
}
