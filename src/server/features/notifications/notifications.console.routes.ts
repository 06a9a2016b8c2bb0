import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { ANY_MEMBER, consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATION_NOT_FOUND_MESSAGE } from './notifications.service.ts';

const tags = ['Console'];
const security = SIGNED_IN;
// Everyone in the console has notifications; each person reads and marks only their own.
const config = { permission: ANY_MEMBER } as const;

/** `/api/console/notifications...`: the caller's notification centre (decision 034). Marking read changes no store record: no audit row. */
export async function notificationConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/notifications',
    { config, schema: { tags, summary: "The caller's notifications, newest first, with their unread count", security, ...endpointSchema('GET /console/notifications') } },
    async (request) => ({ message: 'Notifications', data: await listNotifications(db, consoleIdentity(request).userId, request.query) }),
  );

  app.post(
    '/console/notifications/:id/read',
    { config, schema: { tags, summary: 'Marks one of the caller’s notifications read', security, ...endpointSchema('POST /console/notifications/:id/read') } },
    async (request) => ({
      message: 'Notification read',
      data: await markNotificationRead(db, consoleIdentity(request).userId, recordId(request, NOTIFICATION_NOT_FOUND_MESSAGE), app.clock.now()),
    }),
  );

  app.post(
    '/console/notifications/read-all',
    { config, schema: { tags, summary: 'Marks all the caller’s notifications read', security, ...endpointSchema('POST /console/notifications/read-all') } },
    async (request) => ({ message: 'Notifications read', data: await markAllNotificationsRead(db, consoleIdentity(request).userId, app.clock.now()) }),
  );
}
