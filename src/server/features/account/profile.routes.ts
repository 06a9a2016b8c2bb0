import type { FastifyRequest } from 'fastify';
import { profileUpdateSchema } from '../../../shared/account.contract.ts';
import { PICTURE_MAX_BYTES } from '../../../shared/constants.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { readMultipartForm } from '../../platform/image-uploads.ts';
import { parseInput } from '../../platform/validation.ts';
import { readProfile, updateProfile } from './profile.service.ts';

/** The profile form arrives as JSON, or as multipart/form-data when it carries a `profile_photo`. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: request.body, photo: undefined };
  const { fields, files } = await readMultipartForm(request, { fileFields: ['profile_photo'], maxFileBytes: PICTURE_MAX_BYTES });
  return { fields, photo: files[0] };
}

const tags = ['Account'];

export async function profileRoutes(app: ApiInstance) {
  app.addHook('preValidation', authenticate);

  app.get('/profile', { schema: { tags, summary: "The shopper's profile", security: SIGNED_IN, ...endpointSchema('GET /profile') } }, async (request) => ({
    message: 'Profile',
    data: { user: await readProfile(app, currentUser(request).id) },
  }));

  app.post(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Changes the profile',
        description: `JSON, or multipart/form-data with the same fields and a \`profile_photo\` picture (at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB).`,
        security: SIGNED_IN,
        ...endpointSchema('POST /profile'),
      },
    },
    async (request) => {
      const { fields, photo } = await readProfileForm(request);
      const input = parseInput(profileUpdateSchema, fields);
      const user = await updateProfile(app, currentUser(request).id, input, photo);
      return { message: 'Profile updated successfully', data: { user } };
    },
  );
}
