import { createHmac, randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registrationSchemaFor, type ChangePasswordInput, type LoginInput } from '../../../shared/account.contract.ts';
import type { Db } from '../../db/client.ts';
import { countries, users } from '../../db/schema.ts';
import { revokeUserTokens, type AuthenticatedUser } from '../../platform/auth.ts';
import { announceSessionsEnded } from '../live/live-events.ts';
import { validationFailed, type FieldErrors } from '../../platform/errors.ts';
import { clientAddressKey, enforceIpRateLimit, enforceRateLimit, type RateRule } from '../../platform/rate-limiter.ts';
import { parseInput } from '../../platform/validation.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { findUserByContact, identifierKey, readContactIdentifier } from './contact-identifier.ts';
import type { UserRow } from './session.ts';
import { violatedUniqueConstraint } from '../../platform/database-errors.ts';

/**
 * Password guessing is bounded the OWASP way: per address, and per account from one address, by
 * refusing; per account from everywhere only by slowing down, so that no stranger can lock the
 * owner out (a refusal keyed on the account alone would answer 429 to the right password too).
 */
const LOGIN_ATTEMPTS_PER_IP: RateRule = { limit: 100, windowSeconds: 60 * 60 };
const LOGIN_FAILURES_PER_ACCOUNT_AND_IP: RateRule = { limit: 10, windowSeconds: 60 * 60 };
/** Past each count of failed logins on one account within the hour, every attempt on it waits this long before it is checked. */
const LOGIN_SLOWDOWN_STEPS = [
  { afterFailures: 10, delayMilliseconds: 1_000 },
  { afterFailures: 20, delayMilliseconds: 2_000 },
  { afterFailures: 40, delayMilliseconds: 4_000 },
];
type SlowdownStep = (typeof LOGIN_SLOWDOWN_STEPS)[number];
const slowdownKey = (accountKey: string, step: SlowdownStep) => `${accountKey}:slowdown:${step.afterFailures}`;
const REGISTRATIONS_PER_IP: RateRule = { limit: 30, windowSeconds: 60 * 60 };
const PASSWORD_CHANGE_FAILURES: RateRule = { limit: 10, windowSeconds: 60 * 60 };

const CREDENTIALS_MISMATCH = 'These credentials do not match our records.';

const takenMessages = { email: 'The email has already been taken.', phone: 'The phone has already been taken.' } as const;
type UniqueField = keyof typeof takenMessages;
const uniqueIndexFields: Record<string, UniqueField> = { users_email_unique: 'email', users_phone_unique: 'phone' };

/** The field whose unique index refused an insert (two registrations racing for one e-mail), if that is what failed. */
function takenField(error: unknown): UniqueField | undefined {
  const constraint = violatedUniqueConstraint(error);
  return constraint === undefined ? undefined : uniqueIndexFields[constraint];
}

/** The country's name as the store spells it, when the shopper picked a known one. */
async function findCountryName(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(eq(sql`lower(${countries.name})`, name.toLowerCase()))
    .limit(1);
  return row?.name;
}

/**
 * `POST /api/registration`: a customer account under the store's phone rules. Only the contract's
 * fields are read, so a body cannot make itself an admin or verified.
 */
export async function registerCustomer(app: FastifyInstance, body: unknown, ip: string): Promise<UserRow> {
  const { db } = app.database;
  const input = parseInput(registrationSchemaFor(await readStoreSettings(db)), body);
  await enforceIpRateLimit(app, 'registration', ip, REGISTRATIONS_PER_IP);

  const errors: FieldErrors = {};
  const country = await findCountryName(db, input.country);
  if (!country) errors.country = ['The selected country is invalid.'];
  const holders = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(or(eq(users.email, input.email), input.phone ? eq(users.phone, input.phone) : undefined));
  if (holders.some((holder) => holder.email === input.email)) errors.email = [takenMessages.email];
  if (input.phone && holders.some((holder) => holder.phone === input.phone)) errors.phone = [takenMessages.phone];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const passwordHash = await app.passwords.hash(input.password, clientAddressKey(ip));
  const now = app.clock.now();
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        country,
        phoneCode: input.phone ? input.phone_code : null,
        phone: input.phone ?? null,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return user!;
  } catch (error) {
    const field = takenField(error);
    if (!field) throw error;
    throw validationFailed({ [field]: [takenMessages[field]] });
  }
}

/**
 * How long an attempt on the account waits. Each step counts the account's attempts since its last
 * success in a window of its own, so the wait grows with the failures without reading a count.
 */
async function loginDelay(app: FastifyInstance, accountKey: string): Promise<number> {
  const delays = await Promise.all(
    LOGIN_SLOWDOWN_STEPS.map(async (step) => {
      const { allowed } = await app.rateLimiter.hit(slowdownKey(accountKey, step), { limit: step.afterFailures, windowSeconds: 60 * 60 });
      return allowed ? 0 : step.delayMilliseconds;
    }),
  );
  return Math.max(...delays);
}

/** How long a failed login's e-mail or phone and password are known bad, and how many are kept. */
const KNOWN_BAD_MS = 10 * 60_000;
const KNOWN_BAD_KEPT = 10_000;

/**
 * Logins that failed lately, each by a keyed hash (the key never leaves the process) of the account's
 * stored hash, or the identifier of an address without an account, and the password tried: the same
 * bad login again is answered without hashing. It tells its sender nothing new, and an account's
 * new password changes its stored hash, so a password failed before may become the right one.
 */
const knownBadLogins = new WeakMap<FastifyInstance, { key: Buffer; until: Map<string, number> }>();

function knownBad(app: FastifyInstance) {
  let known = knownBadLogins.get(app);
  if (!known) knownBadLogins.set(app, (known = { key: randomBytes(32), until: new Map() }));
  return known;
}

const badLoginKey = (app: FastifyInstance, holder: string, password: string) =>
  createHmac('sha256', knownBad(app).key).update(holder).update('\0').update(password).digest('base64url');

function isKnownBad(app: FastifyInstance, key: string) {
  const until = knownBad(app).until.get(key);
  return until !== undefined && until > app.clock.now().getTime();
}

function rememberBad(app: FastifyInstance, key: string) {
  const { until } = knownBad(app);
  if (until.size >= KNOWN_BAD_KEPT) until.delete(until.keys().next().value!);
  until.set(key, app.clock.now().getTime() + KNOWN_BAD_MS);
}

/**
 * `POST /api/login` with an e-mail or a phone number. An unknown account, a wrong password and an
 * account without a password (social sign-in only) get the same answer after the same work, and
 * are counted and slowed down the same way.
 */
export async function logIn(app: FastifyInstance, input: LoginInput, ip: string): Promise<UserRow> {
  await enforceIpRateLimit(app, 'login', ip, LOGIN_ATTEMPTS_PER_IP);
  // A storm of logins is refused here, before it costs a database read each.
  const client = clientAddressKey(ip);
  app.passwords.ensureCapacity(client);
  const identifier = readContactIdentifier(input.phone);
  const user = await findUserByContact(app.database.db, identifier);
  const accountKey = `login:${user ? `user:${user.id}` : identifierKey(identifier)}`;
  const pairKey = `${accountKey}:ip:${client}`;
  await enforceRateLimit(app.rateLimiter, pairKey, LOGIN_FAILURES_PER_ACCOUNT_AND_IP);
  const delay = await loginDelay(app, accountKey);
  if (delay > 0) await app.clock.sleep(delay);
  const badKey = badLoginKey(app, user?.passwordHash ?? identifierKey(identifier), input.password);
  if (isKnownBad(app, badKey)) throw validationFailed({ phone: [CREDENTIALS_MISMATCH] });
  const passwordMatches = user?.passwordHash
    ? await app.passwords.verify(input.password, user.passwordHash, client)
    : await app.passwords.verifyDecoy(input.password, client);
  if (!user || !passwordMatches) {
    rememberBad(app, badKey);
    throw validationFailed({ phone: [CREDENTIALS_MISMATCH] });
  }
  const forgotten = [pairKey, ...LOGIN_SLOWDOWN_STEPS.map((step) => slowdownKey(accountKey, step))];
  await Promise.all(forgotten.map((key) => app.rateLimiter.reset(key)));
  return user;
}

/** `POST /api/change-password`: the caller stays signed in; every other session of the account ends. */
export async function changePassword(app: FastifyInstance, caller: AuthenticatedUser, input: ChangePasswordInput, ip: string): Promise<void> {
  const client = clientAddressKey(ip);
  const { db } = app.database;
  const failuresKey = `change-password:user:${caller.id}`;
  await enforceRateLimit(app.rateLimiter, failuresKey, PASSWORD_CHANGE_FAILURES);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  const currentMatches = user?.passwordHash
    ? await app.passwords.verify(input.current_password, user.passwordHash, client)
    : await app.passwords.verifyDecoy(input.current_password, client);
  if (!currentMatches) throw validationFailed({ current_password: ['The current password is incorrect.'] });

  const passwordHash = await app.passwords.hash(input.password, client);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: app.clock.now() }).where(eq(users.id, caller.id));
    await revokeUserTokens(tx, caller.id, app.clock, { except: caller.tokenId });
  });
  await announceSessionsEnded({ events: app.events, log: app.log }, caller.id);
  await app.rateLimiter.reset(failuresKey);
}
