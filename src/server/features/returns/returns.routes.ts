import { RETURN_LIMITS, RETURN_PHOTOS_FIELD, returnRequestSchema } from '../../../shared/returns.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { readFormWithPictures, removeUploadedImages, saveUploadedImages } from '../../platform/image-uploads.ts';
import { recordId } from '../../platform/record-id.ts';
import { parseInput } from '../../platform/validation.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { publishNotifications } from '../notifications/notifications.service.ts';
import { ORDER_NOT_FOUND_MESSAGE } from '../orders/order-cancellation.ts';
import { readOrderReturns, requestReturn } from './returns.service.ts';

const tags = ['Orders'];
/** Return pictures are shrunk to fit this width: the damage stays visible, a camera photo gets small. */
const PHOTO_WIDTH = 1600;

/** The shopper's returns of their delivered orders (decision 039); another shopper's order is not found. */
export async function returnRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get(
    '/orders/:id/returns',
    { schema: { tags, summary: "An order's returns and refunds, and what may still be returned until when", security: SIGNED_IN, ...endpointSchema('GET /orders/:id/returns') } },
    async (request) => ({ message: 'Returns', data: await readOrderReturns(db, currentUser(request).id, recordId(request, ORDER_NOT_FOUND_MESSAGE), app.clock.now()) }),
  );

  app.post(
    '/orders/:id/returns',
    {
      schema: {
        tags,
        summary: 'Asks to return some of a delivered order’s lines within the store’s return window',
        description: `JSON, or multipart/form-data with \`lines\` as JSON text and up to ${RETURN_LIMITS.photos} pictures under \`${RETURN_PHOTOS_FIELD}\`.`,
        security: SIGNED_IN,
        ...endpointSchema('POST /orders/:id/returns'),
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const orderId = recordId(request, ORDER_NOT_FOUND_MESSAGE);
      const { fields, files } = await readFormWithPictures(request, { field: RETURN_PHOTOS_FIELD, maxFiles: RETURN_LIMITS.photos, maxFileBytes: RETURN_LIMITS.photoBytes });
      const input = parseInput(returnRequestSchema, fields);
      const photos = await saveUploadedImages(files, { dataDir: app.config.dataDir, folder: 'returns', width: PHOTO_WIDTH });
      let requested;
      try {
        requested = await requestReturn(app, { userId, orderId, input, photos, locale: requestLocale(request), now: app.clock.now() });
      } catch (error) {
        await removeUploadedImages(app.config.dataDir, photos);
        throw error;
      }
      await publishNotifications({ db, events: app.events, log: request.log }, requested.notifications);
      return reply.code(201).send({ message: 'Return requested successfully', data: { return: requested.return } });
    },
  );
}
