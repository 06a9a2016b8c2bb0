import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users } from '../../db/schema.ts';
import { createCustomer } from '../../test/account-fixtures.ts';
import { drawnPicture, multipartBody, type FilePart } from '../../test/multipart-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const profileForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Shopper',
  email: `jane-${randomBytes(4).toString('hex')}@example.test`,
  phone_code: '+44',
  phone: `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  gender: 'female',
  birthday: '1990-04-12',
  ...overrides,
});

function postProfile(authorization: string, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { authorization }, payload: body });
}

async function postProfileForm(authorization: string, fields: Record<string, string>, file?: FilePart) {
  const { payload, headers } = await multipartBody(fields, file ? [{ ...file, field: 'profile_photo' }] : []);
  return ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { authorization, ...headers }, payload });
}

const picture = drawnPicture;

const uploadedFile = (url: string) => path.join(ctx.config.dataDir, url.replace(/^\/media\//, ''));

describe('GET /api/profile', () => {
  it('answers the signed-in shopper, never another', async () => {
    const me = await createCustomer(ctx.app);
    await createCustomer(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: me.authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: me.user.id, email: me.user.email, name: me.user.name });
    expect(response.json().data.user).not.toHaveProperty('password_hash');
  });

  it('needs a bearer token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/profile', payload: profileForm() })).statusCode).toBe(401);
  });
});

describe('POST /api/profile (JSON)', () => {
  it('saves the form and answers the new profile', async () => {
    const me = await createCustomer(ctx.app);
    const form = profileForm({ email: 'Jane.NEW@Example.test' });
    const response = await postProfile(me.authorization, form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Profile updated successfully',
      data: { user: { id: me.user.id, name: 'Jane Shopper', email: 'jane.new@example.test', phone_code: '+44', phone: form.phone, gender: 'female', birthday: '1990-04-12' } },
    });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: me.authorization } });
    expect(again.json().data.user.email).toBe('jane.new@example.test');
  });

  it('clears the optional fields the form leaves out', async () => {
    const me = await createCustomer(ctx.app, { gender: 'male', birthday: '1980-01-01' });
    const response = await postProfile(me.authorization, { name: 'No Extras', email: me.user.email, phone: me.user.phone, gender: '', birthday: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ gender: null, birthday: null, phone: me.user.phone, phone_code: me.user.phoneCode });
  });

  it('clears the verification when the e-mail changes, and keeps it otherwise', async () => {
    const verified = { verifiedAt: new Date() };
    const same = await createCustomer(ctx.app, verified);
    const kept = await postProfile(same.authorization, profileForm({ email: same.user.email, phone: same.user.phone, name: 'Renamed' }));
    expect(kept.json().data.user).toMatchObject({ name: 'Renamed', is_verified: true });

    const moved = await createCustomer(ctx.app, verified);
    const changed = await postProfile(moved.authorization, profileForm({ phone: moved.user.phone }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.is_verified).toBe(false);
  });

  it('refuses an e-mail or phone another account holds', async () => {
    const other = await createCustomer(ctx.app);
    const me = await createCustomer(ctx.app);
    const email = await postProfile(me.authorization, profileForm({ email: other.user.email!.toUpperCase() }));
    expect(email.statusCode).toBe(422);
    expect(email.json()).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    const phone = await postProfile(me.authorization, profileForm({ phone: other.user.phone }));
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ phone: ['The phone has already been taken.'] });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.email).toBe(me.user.email);
  });

  it('answers field errors for bad values', async () => {
    const me = await createCustomer(ctx.app);
    const response = await postProfile(me.authorization, { name: '  ', email: 'not-an-email', phone: '12ab', gender: 'robot', birthday: '31/12/1990' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    // The storefront shows the first message of each field.
    expect(errors.name[0]).toBe('The name field is required.');
    expect(errors.email[0]).toBe('The email must be a valid email address.');
    expect(errors.phone[0]).toBe('The phone must contain digits only.');
    expect(errors.gender).toEqual(['The gender is invalid.']);
    expect(errors.birthday).toEqual(['The birthday is not a valid date.']);
    const wrongTypes = await postProfile(me.authorization, { name: 42, email: ['a@b.test'] });
    expect(wrongTypes.statusCode).toBe(422);
  });

  it('applies the store phone rules: length and required', async () => {
    const me = await createCustomer(ctx.app);
    const short = await postProfile(me.authorization, profileForm({ phone: '1234' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.phone).toEqual(['The phone must be between 9 and 16 digits.']);

    const missing = await postProfile(me.authorization, profileForm({ phone: undefined }));
    expect(missing.json().errors).toEqual({ phone: ['The phone field is required.'] });
    await ctx.database.db.update(settings).set({ value: false }).where(eq(settings.key, 'phone_required'));
    try {
      const optional = await postProfile(me.authorization, profileForm({ phone: undefined }));
      expect(optional.statusCode).toBe(200);
      expect(optional.json().data.user.phone).toBeNull();
    } finally {
      await ctx.database.db.update(settings).set({ value: true }).where(eq(settings.key, 'phone_required'));
    }
  });

  it('ignores fields that are not part of the form', async () => {
    const other = await createCustomer(ctx.app);
    const me = await createCustomer(ctx.app);
    const response = await postProfile(me.authorization, { ...profileForm(), id: other.user.id, role: 'admin', is_verified: true, verified_at: '2020-01-01' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: me.user.id, is_verified: false });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.role).toBe('customer');
    const [untouched] = await ctx.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(untouched!.name).toBe(other.user.name);
  });
});

describe('POST /api/profile (multipart, photo)', () => {
  it('stores a PNG as a 256×256 WebP under a random name and serves it', async () => {
    const me = await createCustomer(ctx.app);
    const fields = profileForm();
    const response = await postProfileForm(me.authorization, fields, { name: 'me.png', type: 'image/png', data: await picture('png') });
    expect(response.statusCode).toBe(200);
    const { user } = response.json().data;
    expect(user.name).toBe(fields.name);
    expect(user.profile_photo).toMatch(/^\/media\/uploads\/profile\/[0-9a-f]{32}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url: user.profile_photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('replaces a JPEG photo and deletes the old file', async () => {
    const me = await createCustomer(ctx.app);
    const first = await postProfileForm(me.authorization, profileForm(), { name: 'a.jpg', type: 'image/jpeg', data: await picture('jpeg') });
    const oldUrl: string = first.json().data.user.profile_photo;
    expect(existsSync(uploadedFile(oldUrl))).toBe(true);

    const second = await postProfileForm(me.authorization, profileForm(), { name: 'b.png', type: 'image/png', data: await picture('png', 300, 900) });
    const newUrl: string = second.json().data.user.profile_photo;
    expect(newUrl).not.toBe(oldUrl);
    expect(existsSync(uploadedFile(oldUrl))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(200);
  });

  it('keeps the photo when the form comes without one', async () => {
    const me = await createCustomer(ctx.app);
    const withPhoto = await postProfileForm(me.authorization, profileForm(), { name: 'a.png', type: 'image/png', data: await picture('png') });
    const photo = withPhoto.json().data.user.profile_photo;
    const withoutPhoto = await postProfileForm(me.authorization, profileForm({ name: 'Only Name' }));
    expect(withoutPhoto.json().data.user).toMatchObject({ name: 'Only Name', profile_photo: photo });
  });

  it('refuses a file that is not an image, whatever its name and type say', async () => {
    const me = await createCustomer(ctx.app);
    const text = { name: 'photo.png', type: 'image/png', data: Buffer.from('this is not a picture at all') };
    const lying = await postProfileForm(me.authorization, profileForm(), text);
    expect(lying.statusCode).toBe(422);
    expect(lying.json().errors).toEqual({ profile_photo: ['The profile photo must be an image.'] });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect((await postProfileForm(me.authorization, profileForm(), { name: 'x.svg', type: 'image/svg+xml', data: svg })).statusCode).toBe(422);

    const pngAsText = await postProfileForm(me.authorization, profileForm(), { name: 'a.txt', type: 'text/plain', data: await picture('png') });
    expect(pngAsText.statusCode).toBe(422);

    const truncated = (await picture('jpeg')).subarray(0, 300);
    expect((await postProfileForm(me.authorization, profileForm(), { name: 'cut.jpg', type: 'image/jpeg', data: truncated })).statusCode).toBe(422);

    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.profilePhoto).toBeNull();
    expect(row!.name).toBe(me.user.name);
  });

  it('refuses a photo over 2 MB with a clear message', async () => {
    const me = await createCustomer(ctx.app);
    // Noise does not compress: about 3.3 MB of PNG.
    const noisy = await sharp(randomBytes(1100 * 1000 * 3), { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await postProfileForm(me.authorization, profileForm(), { name: 'big.png', type: 'image/png', data: noisy });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ profile_photo: ['The profile photo must not be greater than 2048 kilobytes.'] });
  });

  it('validates the form fields of a multipart form too', async () => {
    const me = await createCustomer(ctx.app);
    const response = await postProfileForm(me.authorization, { email: 'x@example.test' }, { name: 'a.png', type: 'image/png', data: await picture('png') });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name[0]).toBe('The name field is required.');
  });

  it('answers a broken multipart body with 400, not 500', async () => {
    const me = await createCustomer(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { authorization: me.authorization, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n--xyz\r\nContent-Disposition: form-data; name="profile_photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The form data could not be read.' });
  });
});

describe('GET /media/uploads/{folder}/{file}', () => {
  it('answers 404 for unknown files and for paths that try to leave the uploads folder', async () => {
    for (const url of [
      '/media/uploads/profile/0123456789abcdef0123456789abcdef.webp',
      '/media/uploads/profile/..%2F..%2Fpglite%2FPG_VERSION',
      '/media/uploads/..%2Foutbox/x.webp',
      '/media/uploads/profile/%2e%2e%2f%2e%2e%2fsecret.webp',
      '/media/uploads/profile/x.svg',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
