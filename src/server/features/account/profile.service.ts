import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProfileUpdateInput, User } from '../../../shared/account.contract.ts';
import { users } from '../../db/schema.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { removeUploadedImage, saveUploadedImage, type UploadedFile } from '../../platform/image-uploads.ts';
import { presentUser, type UserRow } from '../auth/session.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { phoneLengthError } from './phone-length.ts';
import { violatedUniqueConstraint } from '../../platform/database-errors.ts';

const PHOTO_SIZE = 256;
const EMAIL_TAKEN = 'The email has already been taken.';
const PHONE_TAKEN = 'The phone has already been taken.';

async function findUser(app: FastifyInstance, userId: number): Promise<UserRow> {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return row;
}

export async function readProfile(app: FastifyInstance, userId: number): Promise<User> {
  return presentUser(await findUser(app, userId));
}

async function isTaken(app: FastifyInstance, userId: number, column: typeof users.email | typeof users.phone, value: string) {
  const [row] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, value), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

async function checkProfile(app: FastifyInstance, userId: number, input: ProfileUpdateInput) {
  const settings = await readStoreSettings(app.database.db);
  const errors: FieldErrors = {};
  if (await isTaken(app, userId, users.email, input.email)) errors.email = [EMAIL_TAKEN];
  if (input.phone === undefined) {
    if (settings.phone_required) errors.phone = ['The phone field is required.'];
  } else {
    const lengthError = phoneLengthError(input.phone, settings);
    if (lengthError) errors.phone = [lengthError];
    else if (await isTaken(app, userId, users.phone, input.phone)) errors.phone = [PHONE_TAKEN];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Saves the profile form. The form is the whole profile: an optional field left out (phone, gender,
 * birthday) is cleared. A new e-mail or phone is not proven yet, so it clears the verification.
 * A new photo replaces the old one, whose file is deleted once the new one is saved.
 */
export async function updateProfile(app: FastifyInstance, userId: number, input: ProfileUpdateInput, photo?: UploadedFile): Promise<User> {
  const current = await findUser(app, userId);
  await checkProfile(app, userId, input);
  const photoUrl = photo
    ? await saveUploadedImage(photo, { dataDir: app.config.dataDir, folder: 'profile', width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'cover' })
    : undefined;
  const phone = input.phone ?? null;
  const identityChanged = input.email !== current.email || phone !== current.phone;

  let updated: UserRow;
  try {
    [updated] = (await app.database.db
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        phoneCode: input.phone_code ?? current.phoneCode,
        phone,
        gender: input.gender ?? null,
        birthday: input.birthday ?? null,
        ...(photoUrl && { profilePhoto: photoUrl }),
        ...(identityChanged && { verifiedAt: null }),
        updatedAt: app.clock.now(),
      })
      .where(eq(users.id, userId))
      .returning()) as [UserRow];
  } catch (error) {
    await removeUploadedImage(app.config.dataDir, photoUrl);
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'users_email_unique') throw validationFailed({ email: [EMAIL_TAKEN] });
    if (constraint === 'users_phone_unique') throw validationFailed({ phone: [PHONE_TAKEN] });
    throw error;
  }
  if (photoUrl) await removeUploadedImage(app.config.dataDir, current.profilePhoto);
  return presentUser(updated);
}
