import { z } from 'zod';
import { answerOf } from '../../../shared/api-answers.ts';
import { MEDIA_MAX_BYTES, MEDIA_MAX_SIDE, MEDIA_WIDTHS, mediaUploadedSchema } from '../../../shared/media.contract.ts';
import { required } from '../../../shared/text-fields.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity, shopScope } from '../../platform/console-access.ts';
import { validationFailed } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { readMultipartForm } from '../../platform/image-uploads.ts';
import { checkedByHandler } from '../../platform/validation.ts';
import { createEncodingQueue, uploadMedia } from './media-library.service.ts';

const FILE_FIELD = 'file';
const uploadForm = z.object({ [FILE_FIELD]: z.unknown().meta({ type: 'string', format: 'binary' }) });

/** `/api/console/media`: the console's picture library (product images, variant images). */
export async function mediaConsoleRoutes(app: ApiInstance) {
  // One encoding line per app: a burst of uploads waits its turn or is told to come back.
  const encode = createEncodingQueue();

  app.post(
    '/console/media',
    {
      config: { permission: 'catalogue.write' },
      schema: {
        tags: ['Console media'],
        summary: 'Uploads a picture to the media library, stored re-encoded at several widths',
        description:
          `multipart/form-data with a \`${FILE_FIELD}\` picture (JPEG, PNG, WebP, AVIF or GIF, at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB). ` +
          `It is turned upright, stripped of metadata and capped at ${MEDIA_MAX_SIDE} px, then stored as WebP at ${MEDIA_WIDTHS.join(', ')} px ` +
          'wide (those below its own width) and its own width, and as AVIF at its own width. A 429 with Retry-After when too many pictures are being processed.',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        body: checkedByHandler(uploadForm),
        response: { 201: answerOf(mediaUploadedSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw validationFailed({ [FILE_FIELD]: [required(FILE_FIELD)] });
      const { files } = await readMultipartForm(request, { fileFields: [FILE_FIELD], maxFileBytes: MEDIA_MAX_BYTES });
      const file = files[0];
      if (!file) throw validationFailed({ [FILE_FIELD]: [required(FILE_FIELD)] });
      const media = await uploadMedia(app.database.db, file, { dataDir: app.config.dataDir, shopId: shopScope(consoleIdentity(request)), encode, context: auditContext(request) });
      return reply.code(201).send({ message: 'Media uploaded', data: { media } });
    },
  );
}
