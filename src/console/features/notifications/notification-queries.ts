import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api-client.ts';
import type { NotificationUpdate } from '../../../shared/notifications.contract.ts';

/** The bell's panel: the newest notifications with the unread count, then older ones a page at a time. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: ['console', 'notifications'],
  queryFn: async ({ pageParam, signal }) => (await api.call('GET /console/notifications', { query: { limit: 20, cursor: pageParam ?? undefined }, signal })).data,
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.next_cursor,
});

/** A notification that arrived live, or was just read: in the list (new ones on top), with the count the server sent along. */
export function applyNotificationUpdate(queryClient: QueryClient, { notification, unread_count }: NotificationUpdate) {
  queryClient.setQueryData(notificationsQuery.queryKey, (list) => {
    if (!list) return list;
    const known = list.pages.some((page) => page.notifications.some((existing) => existing.id === notification.id));
    const pages = list.pages.map((page, index) => ({
      ...page,
      notifications: known
        ? page.notifications.map((existing) => (existing.id === notification.id ? notification : existing))
        : index === 0
          ? [notification, ...page.notifications]
          : page.notifications,
      unread_count,
    }));
    return { ...list, pages };
  });
}

export async function markNotificationRead(queryClient: QueryClient, id: number) {
  applyNotificationUpdate(queryClient, (await api.call('POST /console/notifications/:id/read', { params: { id: String(id) } })).data);
}

export async function markAllNotificationsRead(queryClient: QueryClient) {
  await api.call('POST /console/notifications/read-all');
  await queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
}
