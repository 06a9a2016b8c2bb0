import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileUpdateSchema } from '../../../shared/account.contract.ts';
import { PICTURE_MAX_BYTES } from '../../../shared/constants.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { readMultipartForm } from '../../platform/image-uploads.ts';
import { parseInput } from '../../platform/validation.ts';
import { readProfile, updateProfile } from './profile.service.ts';

/** The profile form arrives as JSON, or as multipart/form-data when it carries a `profile_photo`. */
async function readProfileForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: request.body, photo: undefined };
  const { fields, files } = await readMultipartForm(request, { fileFields: ['profile_photo'], maxFileBytes: PICTURE_MAX_BYTES });
  return { fields, photo: files[0] };
}

export async function profileRoutes(app: FastifyInstance) {
  app.addHook('preHandler', authenticate);

  app.get('/profile', async (request) => ({
    message: 'Profile',
    data: { user: await readProfile(app, currentUser(request).id) },
  }));

  app.post('/profile', async (request) => {
    const { fields, photo } = await readProfileForm(request);
    const input = parseInput(profileUpdateSchema, fields);
    const user = await updateProfile(app, currentUser(request).id, input, photo);
    return { message: 'Profile updated successfully', data: { user } };
  });
}
