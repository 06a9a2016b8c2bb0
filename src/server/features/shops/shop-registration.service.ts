import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PICTURE_MAX_BYTES } from '../../../shared/constants.ts';
import { required } from '../../../shared/text-fields.ts';
import {
  SELLER_REGISTRATION_CLOSED_MESSAGE,
  sellerAccountSchema,
  shopRegistrationSchema,
  type MyShop,
  type SellerAccountInput,
  type ShopProfile,
  type ShopRegistrationInput,
} from '../../../shared/shops.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { consoleMembers, shops, users } from '../../db/schema.ts';
import { recordAudit } from '../../platform/audit-log.ts';
import { identifyUser } from '../../platform/auth.ts';
import { operationsRole, resolveConsoleIdentity } from '../../platform/console-access.ts';
import { violatedUniqueConstraint } from '../../platform/database-errors.ts';
import { forbidden, HttpError, validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { readMultipartForm, removeUploadedImage, saveUploadedImage, type UploadedFile } from '../../platform/image-uploads.ts';
import { clientAddressKey, enforceIpRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { fieldErrorsOf } from '../../platform/validation.ts';
import type { UserRow } from '../auth/session.ts';
import { spokenLocale } from '../i18n/answer-language.ts';
import { notifySellerApplication, publishNotifications } from '../notifications/notifications.service.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';
import { shopStatusMail } from './shop-mail.ts';
import { presentShop } from './shop-status.ts';

const NO_SELLERS_MESSAGE = 'This store does not take sellers.';
const ALREADY_MEMBER_MESSAGE = 'Your account already works in the console.';
const EMAIL_TAKEN = 'The email has already been taken.';
const APPLICATIONS_PER_IP: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/** The shop's pictures: a square logo, and a wide banner as the shop page shows it. */
export const SHOP_IMAGE_FIELDS = ['logo', 'banner'] as const;
export const shopImageOptions = (app: FastifyInstance, field: (typeof SHOP_IMAGE_FIELDS)[number]) =>
  field === 'logo'
    ? { dataDir: app.config.dataDir, folder: 'shops', width: 300, height: 300, fit: 'cover' as const }
    : { dataDir: app.config.dataDir, folder: 'shops', width: 1600, height: 400, fit: 'cover' as const };

/** The text fields and the pictures of a shop form, which arrives as multipart/form-data (JSON carries no pictures). */
export async function readShopForm(request: FastifyRequest): Promise<{ fields: unknown; files: Partial<Record<(typeof SHOP_IMAGE_FIELDS)[number], UploadedFile>> }> {
  if (!request.isMultipart()) return { fields: request.body, files: {} };
  const { fields, files } = await readMultipartForm(request, { fileFields: SHOP_IMAGE_FIELDS, maxFileBytes: PICTURE_MAX_BYTES });
  return { fields, files: Object.fromEntries(files.map((file) => [file.field, file])) };
}

/** Saves the given pictures; if one is refused, the ones already saved are removed. */
export async function saveShopImages(app: FastifyInstance, files: Partial<Record<(typeof SHOP_IMAGE_FIELDS)[number], UploadedFile>>) {
  const saved: Partial<Record<(typeof SHOP_IMAGE_FIELDS)[number], string>> = {};
  try {
    for (const field of SHOP_IMAGE_FIELDS) {
      const file = files[field];
      if (file) saved[field] = await saveUploadedImage(file, shopImageOptions(app, field));
    }
  } catch (error) {
    await removeShopImages(app, saved);
    throw error;
  }
  return saved;
}

export const removeShopImages = (app: FastifyInstance, urls: Partial<Record<string, string>>) =>
  Promise.all(Object.values(urls).map((url) => removeUploadedImage(app.config.dataDir, url)));

/** Refuses an application the store does not take: a single-vendor store, or seller registration switched off. */
async function checkRegistrationOpen(app: FastifyInstance) {
  const settings = await keptStoreSettings(app.caches, app.database.db);
  if (!settings.multi_vendor) throw forbidden(NO_SELLERS_MESSAGE);
  if (!settings.seller_registration) throw forbidden(SELLER_REGISTRATION_CLOSED_MESSAGE);
  return settings;
}

/** A slug no other shop has: the name's words, then a random tail (two shops may share a name). */
const shopSlug = (name: string) =>
  `${name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'shop'}-${randomBytes(3).toString('hex')}`;

type Applicant = { kind: 'signed-in'; user: UserRow } | { kind: 'new'; account: SellerAccountInput };

function parseApplication(fields: unknown, signedIn: boolean, files: Partial<Record<string, UploadedFile>>): { shop: ShopRegistrationInput; account?: SellerAccountInput } {
  const schema = signedIn ? shopRegistrationSchema : shopRegistrationSchema.extend(sellerAccountSchema.shape);
  const result = schema.safeParse(fields ?? {});
  const errors: FieldErrors = result.success ? {} : fieldErrorsOf(result.error.issues);
  for (const field of SHOP_IMAGE_FIELDS) if (!files[field]) errors[field] ??= [required(field)];
  if (!result.success || Object.keys(errors).length > 0) throw validationFailed(errors);
  const { name, email, password, ...shop } = result.data as ShopRegistrationInput & Partial<SellerAccountInput>;
  return { shop, account: signedIn ? undefined : { name: name!, email: email!, password: password! } };
}

async function findApplicant(app: FastifyInstance, request: FastifyRequest): Promise<UserRow | undefined> {
  await identifyUser(request);
  if (!request.user) return undefined;
  const [user] = await app.database.db.select().from(users).where(eq(users.id, request.user.id));
  if (user && (await resolveConsoleIdentity(app.database.db, user.id))) throw new HttpError(422, ALREADY_MEMBER_MESSAGE);
  return user;
}

async function createShop(app: FastifyInstance, tx: Db, applicant: Applicant, input: ShopRegistrationInput, images: { logo: string; banner: string }, passwordHash: string | null) {
  const now = app.clock.now();
  let owner: UserRow;
  if (applicant.kind === 'signed-in') {
    owner = applicant.user;
  } else {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, applicant.account.email));
    if (taken) throw validationFailed({ email: [EMAIL_TAKEN] });
    [owner] = (await tx
      .insert(users)
      .values({ name: applicant.account.name, email: applicant.account.email, passwordHash, createdAt: now, updatedAt: now })
      .returning()) as [UserRow];
  }
  const [shop] = await tx
    .insert(shops)
    .values({
      name: input.shop_name,
      slug: shopSlug(input.shop_name),
      logo: images.logo,
      banner: images.banner,
      description: input.description ?? '',
      address: input.address,
      phone: input.shop_phone,
      email: input.shop_email,
      status: 'pending',
      sellerTermsAcceptedAt: now,
      createdAt: now,
    })
    .returning();
  await tx.insert(consoleMembers).values({ userId: owner.id, shopId: shop!.id, role: 'shop_owner', createdAt: now, updatedAt: now });
  const [updated] = (await tx.update(users).set({ role: operationsRole('shop_owner'), shopId: shop!.id, updatedAt: now }).where(eq(users.id, owner.id)).returning()) as [UserRow];
  await recordAudit(tx, { actorUserId: owner.id, actorRole: 'shop_owner', clientAddress: null, requestId: null, now }, {
    action: 'shop.apply',
    entityType: 'shop',
    entityId: shop!.id,
    shopId: shop!.id,
    before: null,
    after: { name: shop!.name, email: shop!.email, phone: shop!.phone, address: shop!.address, status: shop!.status },
  });
  const notifications = await notifySellerApplication(tx, shop!, now);
  return { owner: updated, shop: shop!, notifications };
}

/**
 * `POST /api/shop-registrations`: the shop (pending), its owner's membership, the account when the
 * applicant has none, the audit row and the applicant's mail, in one transaction. The pictures are
 * saved first and removed again if the rest fails.
 */
export async function registerShop(app: FastifyInstance, request: FastifyRequest): Promise<{ owner: UserRow; shop: ShopProfile; newAccount: boolean }> {
  const settings = await checkRegistrationOpen(app);
  const { fields, files } = await readShopForm(request);
  await enforceIpRateLimit(app, 'shop-registration', request.ip, APPLICATIONS_PER_IP);
  const signedIn = await findApplicant(app, request);
  const { shop: input, account } = parseApplication(fields, signedIn !== undefined, files);
  const applicant: Applicant = signedIn ? { kind: 'signed-in', user: signedIn } : { kind: 'new', account: account! };
  const passwordHash = account ? await app.passwords.hash(account.password, clientAddressKey(request.ip)) : null;
  const images = (await saveShopImages(app, files)) as { logo: string; banner: string };
  try {
    const created = await inRetriedTransaction(app.database.db, async (tx) => {
      const result = await createShop(app, tx, applicant, input, images, passwordHash);
      // Written in the language the application was sent in.
      const owner = { ...result.owner, locale: spokenLocale(request) ?? result.owner.locale };
      const mail = shopStatusMail(app, owner, result.shop.name, settings, { kind: 'applied' });
      if (mail) await app.jobs.queueMail(mail, tx);
      return result;
    });
    app.jobs.sendQueuedMail();
    await publishNotifications({ db: app.database.db, events: app.events, log: app.log }, created.notifications);
    return { owner: created.owner, shop: presentShop(created.shop), newAccount: !signedIn };
  } catch (error) {
    await removeShopImages(app, images);
    // Two applications with one new e-mail at once: the second finds the first's account.
    if (violatedUniqueConstraint(error) === 'users_email_unique') throw validationFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

/** `GET /api/shop-registrations/current`: the signed-in person's shop, and whether the console is theirs to open. */
export async function readMyShop(db: Db, userId: number): Promise<MyShop> {
  const identity = await resolveConsoleIdentity(db, userId);
  if (!identity) return { shop: null, console: false };
  const [shop] = identity.shop ? await db.select().from(shops).where(eq(shops.id, identity.shop.id)) : [];
  return { shop: shop ? presentShop(shop) : null, console: identity.permissions.length > 0 && (!shop || shop.status === 'approved') };
}
