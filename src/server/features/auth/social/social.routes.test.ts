import { eq } from 'drizzle-orm';
import { generateKeyPair, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SocialAuths } from '../../../../shared/settings.contract.ts';
import { settings, socialIdentities, users } from '../../../db/schema.ts';
import { issueAccessToken } from '../../../platform/auth.ts';
import { SESSIONS_ENDED } from '../../live/live-events.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { startFakeGraph, startIdTokenProviders, unreachableUrl } from '../../../test/fake-social-providers.ts';

const GOOGLE_CLIENT_ID = '1234-store.apps.googleusercontent.com';
const APPLE_CLIENT_ID = 'org.openstore.web';
const FACEBOOK_APP_ID = '987654321';
const FACEBOOK_APP_SECRET = 'facebook-app-secret';

const allActive: SocialAuths = {
  google: { is_active: true, client_id: GOOGLE_CLIENT_ID },
  facebook: { is_active: true, client_id: FACEBOOK_APP_ID },
  apple: { is_active: true, client_id: APPLE_CLIENT_ID, redirect_url: 'https://store.example/login' },
};

let providers: Awaited<ReturnType<typeof startIdTokenProviders<'google' | 'apple'>>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let ctx: TestContext;
const clock = new ManualClock(new Date('2025-03-01T10:00:00Z'));

async function setSocialAuths(target: TestContext, socialAuths: SocialAuths) {
  await target.database.db.update(settings).set({ value: socialAuths }).where(eq(settings.key, 'social_auths'));
}

beforeAll(async () => {
  providers = await startIdTokenProviders(['google', 'apple'] as const);
  graph = await startFakeGraph({ appId: FACEBOOK_APP_ID, appSecret: FACEBOOK_APP_SECRET });
  ctx = await createTestApp(
    {
      social: {
        googleJwksUrl: providers.google.jwksUrl,
        appleJwksUrl: providers.apple.jwksUrl,
        facebookGraphUrl: graph.url,
        facebookAppSecret: FACEBOOK_APP_SECRET,
      },
    },
    clock,
  );
  await setSocialAuths(ctx, allActive);
});
afterAll(async () => {
  await ctx.close();
  await providers.close();
  await graph.close();
});
// Every test starts in a fresh rate-limit window.
beforeEach(() => clock.advance({ minutes: 2 }));

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

let subjectCounter = 0;
/** Claims of a fresh Google account, as Google Identity Services puts them in its ID token. */
function googleClaims(overrides: JWTPayload = {}): JWTPayload {
  subjectCounter += 1;
  return {
    iss: 'https://accounts.google.com',
    aud: GOOGLE_CLIENT_ID,
    sub: `10876543210${subjectCounter}`,
    email: `shopper${subjectCounter}@gmail.com`,
    email_verified: true,
    name: `Google Shopper ${subjectCounter}`,
    iat: nowSeconds() - 10,
    exp: nowSeconds() + 3600,
    ...overrides,
  };
}

function appleClaims(overrides: JWTPayload = {}): JWTPayload {
  subjectCounter += 1;
  return {
    iss: 'https://appleid.apple.com',
    aud: APPLE_CLIENT_ID,
    sub: `001234.apple${subjectCounter}.0042`,
    email: `relay${subjectCounter}@privaterelay.appleid.com`,
    email_verified: 'true',
    is_private_email: 'true',
    iat: nowSeconds() - 10,
    exp: nowSeconds() + 600,
    ...overrides,
  };
}

function signIn(provider: string, body: unknown, target = ctx, remoteAddress = '127.0.0.1') {
  return target.app.inject({ method: 'POST', url: `/api/auth/${provider}/token`, payload: body as object, remoteAddress });
}

async function userCount() {
  return (await ctx.database.db.select({ id: users.id }).from(users)).length;
}

async function insertUser(values: Partial<typeof users.$inferInsert> & { email: string }) {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ name: 'Existing Shopper', passwordHash: await ctx.app.passwords.hash('existing-password'), ...values })
    .returning();
  return user!;
}

describe('Google sign-in', () => {
  it('creates a verified account from a valid ID token and answers like login, with a bearer token that works', async () => {
    const claims = googleClaims({ email: 'Ada.Lovelace@Gmail.com', name: 'Ada Lovelace' });
    const response = await signIn('google', { code: await providers.google.sign(claims) });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login Successful');
    expect(body.data.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada.lovelace@gmail.com', phone: null, is_verified: true });
    expect(body.data.access).toMatchObject({ auth_type: 'Bearer', token: expect.any(String) });
    expect(new Date(body.data.access.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());

    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, body.data.user.id));
    expect(stored!.passwordHash).toBeNull();

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${body.data.access.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user).toMatchObject({ id: body.data.user.id, email: 'ada.lovelace@gmail.com' });
  });

  it('signs the same Google account into the same store account next time, with a new token', async () => {
    const claims = googleClaims();
    const first = (await signIn('google', { code: await providers.google.sign(claims) })).json().data;
    const countAfterFirst = await userCount();

    // The person changed their Google name and e-mail since: the link is the subject, not the address.
    const again = await signIn('google', { code: await providers.google.sign({ ...claims, email: 'renamed@gmail.com', name: 'Renamed' }) });

    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(first.user.id);
    expect(again.json().data.access.token).not.toBe(first.access.token);
    expect(await userCount()).toBe(countAfterFirst);
  });

  it('refuses a blocked account with 403 and the same words as the password login, and gives no session', async () => {
    const claims = googleClaims();
    const first = (await signIn('google', { code: await providers.google.sign(claims) })).json().data;
    await ctx.database.db.update(users).set({ blockedAt: clock.now(), blockedReason: 'Fraud' }).where(eq(users.id, first.user.id));

    const refused = await signIn('google', { code: await providers.google.sign(claims) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account has been blocked. Please contact the store.' });
    expect(refused.cookies).toEqual([]);
  });

  it('makes one account when the same new person signs in twice at once', async () => {
    const claims = googleClaims();
    const codes = await Promise.all([providers.google.sign(claims), providers.google.sign({ ...claims, iat: nowSeconds() - 5 })]);

    const answers = await Promise.all(codes.map((code) => signIn('google', { code })));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().data.user.id).toBe(answers[1]!.json().data.user.id);
    const owners = await ctx.database.db.select().from(users).where(eq(users.email, claims.email as string));
    expect(owners).toHaveLength(1);
  });

  it('links to a verified account with the e-mail Google vouches for, keeping its password', async () => {
    const existing = await insertUser({ email: 'ada.verified@example.com', phone: '5550002222', verifiedAt: clock.now() });

    const response = await signIn('google', { code: await providers.google.sign(googleClaims({ email: 'ada.verified@example.com' })) });

    expect(response.json().data.user).toMatchObject({ id: existing.id, is_verified: true });
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(stored!.passwordHash).toBe(existing.passwordHash);
  });

  it('takes over an unverified account with the e-mail Google vouches for: its password and sessions end', async () => {
    const existing = await insertUser({ email: 'grace.hopper@example.com', phone: '5550001111', verifiedAt: null });
    const earlierSession = await issueAccessToken(ctx.database.db, existing.id, clock);
    const countBefore = await userCount();

    const response = await signIn('google', { code: await providers.google.sign(googleClaims({ email: 'Grace.Hopper@example.com' })) });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ id: existing.id, name: 'Existing Shopper', phone: '5550001111', is_verified: true });
    expect(await userCount()).toBe(countBefore);
    const links = await ctx.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, existing.id));
    expect(links.map((link) => link.provider)).toEqual(['google']);
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(stored!.passwordHash).toBeNull();
    const withEarlierToken = await ctx.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${earlierSession.token}` } });
    expect(withEarlierToken.statusCode).toBe(401);
    // The earlier sessions' open live streams are told to check their session at once.
    expect((await ctx.app.events.eventsAfter(existing.id, '0-0')).map((event) => event.type)).toEqual([SESSIONS_ENDED]);
  });

  it('never links an account on an address Google has not verified', async () => {
    const existing = await insertUser({ email: 'unverified.owner@example.com' });

    const response = await signIn(
      'google',
      { code: await providers.google.sign(googleClaims({ email: 'unverified.owner@example.com', email_verified: false })) },
    );

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists. Please log in with your password.');
    const links = await ctx.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, existing.id));
    expect(links).toEqual([]);
  });

  it('creates an unverified account when Google has not verified a new address', async () => {
    const response = await signIn('google', { code: await providers.google.sign(googleClaims({ email_verified: false })) });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.is_verified).toBe(false);
  });

  it.each([
    ['a token for another client id', () => providers.google.sign(googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })), 'The sign-in token was not issued for this store.'],
    ['a token from another issuer', () => providers.google.sign(googleClaims({ iss: 'https://evil.example' })), 'The sign-in token was not issued for this store.'],
    ['an expired token', () => providers.google.sign(googleClaims({ iat: nowSeconds() - 7200, exp: nowSeconds() - 60 })), 'The sign-in token has expired. Please try again.'],
    ['a token signed by another key under Google’s key id', async () => providers.google.sign(googleClaims(), { key: await generateKeyPair('RS256') }), 'The sign-in token is not valid.'],
    ['a token signed by an unknown key', async () => providers.google.sign(googleClaims(), { key: await generateKeyPair('RS256'), kid: 'rogue-key' }), 'The sign-in token is not valid.'],
    ['an unsigned token (alg none)', async () => new UnsecuredJWT(googleClaims()).encode(), 'The sign-in token is not valid.'],
    ['a token without a subject', () => providers.google.sign(googleClaims({ sub: undefined })), 'The sign-in token is not valid.'],
    ['something that is not a token', async () => 'not-a-jwt', 'The sign-in token is not valid.'],
  ])('refuses %s with 401 and creates no account', async (_case, makeToken, message) => {
    const countBefore = await userCount();

    const response = await signIn('google', { code: await makeToken() });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(message);
    expect(await userCount()).toBe(countBefore);
  });

  it('refuses a token whose expiry the store clock has passed, even though it was valid when signed', async () => {
    const code = await providers.google.sign(googleClaims({ exp: nowSeconds() + 300 }));
    clock.advance({ minutes: 6 });

    const response = await signIn('google', { code });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The sign-in token has expired. Please try again.');
  });

  it('answers 422 with a field error when the code is missing', async () => {
    const response = await signIn('google', { data: { name: 'No Code' } });

    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual(['The code field is required.']);
  });

  it('limits how many tokens one address may try per minute', async () => {
    const attempts = [];
    for (let attempt = 0; attempt < 31; attempt += 1) attempts.push(await signIn('google', { code: 'not-a-jwt' }, ctx, '203.0.113.7'));

    expect(attempts.slice(0, 30).every((response) => response.statusCode === 401)).toBe(true);
    expect(attempts[30]!.statusCode).toBe(429);
    expect(attempts[30]!.headers['retry-after']).toBeDefined();
  });
});

describe('provider availability', () => {
  it('refuses a provider the store has not switched on', async () => {
    await setSocialAuths(ctx, { ...allActive, google: { is_active: false, client_id: GOOGLE_CLIENT_ID } });
    try {
      const response = await signIn('google', { code: await providers.google.sign(googleClaims()) });

      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This sign-in method is not available.');
    } finally {
      await setSocialAuths(ctx, allActive);
    }
  });

  it('refuses an active provider without a client id', async () => {
    await setSocialAuths(ctx, { ...allActive, apple: { ...allActive.apple, client_id: '' } });
    try {
      const response = await signIn('apple', { code: await providers.apple.sign(appleClaims()) });

      expect(response.statusCode).toBe(404);
    } finally {
      await setSocialAuths(ctx, allActive);
    }
  });

  it('answers 404 for a provider it does not know', async () => {
    const response = await signIn('twitter', { code: 'anything' });

    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This sign-in method is not available.');
  });
});

describe('Apple sign-in', () => {
  it('creates an account named as the SDK said on the first sign-in, and finds it again without the name', async () => {
    const claims = appleClaims();
    const first = await signIn('apple', { code: await providers.apple.sign(claims), data: { name: 'Tim Apple' } });

    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Login Successful');
    expect(first.json().data.user).toMatchObject({ name: 'Tim Apple', email: claims.email, is_verified: true });

    const again = await signIn('apple', { code: await providers.apple.sign({ ...claims, iat: nowSeconds() }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('names an account after the e-mail when neither Apple nor the SDK gives a name', async () => {
    const response = await signIn('apple', { code: await providers.apple.sign(appleClaims({ email: 'quiet.shopper@privaterelay.appleid.com' })) });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.name).toBe('quiet.shopper');
  });

  it('refuses a Google token at the Apple endpoint', async () => {
    const response = await signIn('apple', { code: await providers.google.sign(googleClaims({ aud: APPLE_CLIENT_ID })) });

    expect(response.statusCode).toBe(401);
  });

  it('refuses an Apple token for another service id', async () => {
    const response = await signIn('apple', { code: await providers.apple.sign(appleClaims({ aud: 'com.other.app' })) });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The sign-in token was not issued for this store.');
  });
});

describe('Facebook sign-in', () => {
  it('creates an account from a valid user access token with the Graph profile', async () => {
    const code = graph.issueToken({ id: '10220001', name: 'Mark Shopper', email: 'Mark.Shopper@Example.com' });

    const response = await signIn('facebook', { code });

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Login Successful');
    expect(response.json().data.user).toMatchObject({ name: 'Mark Shopper', email: 'mark.shopper@example.com', is_verified: true });

    const again = await signIn('facebook', { code: graph.issueToken({ id: '10220001', name: 'Mark Shopper' }) });
    expect(again.json().data.user.id).toBe(response.json().data.user.id);
  });

  it('creates an account without an e-mail when Facebook has none', async () => {
    const response = await signIn('facebook', { code: graph.issueToken({ id: '10220002', name: 'Phone Only' }) });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ name: 'Phone Only', email: null, is_verified: false });
  });

  it('refuses a token Facebook does not know', async () => {
    const countBefore = await userCount();

    const response = await signIn('facebook', { code: 'EAABforged' });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The sign-in token is not valid.');
    expect(await userCount()).toBe(countBefore);
  });

  it('refuses a valid token issued to another Facebook app', async () => {
    const response = await signIn('facebook', { code: graph.issueToken({ id: '10220003', name: 'Other App User' }, '111111111') });

    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The sign-in token was not issued for this store.');
  });
});

describe('when the providers cannot be asked', () => {
  let offline: TestContext;
  beforeAll(async () => {
    const nowhere = await unreachableUrl();
    offline = await createTestApp(
      {
        social: {
          googleJwksUrl: `${nowhere}/keys`,
          appleJwksUrl: `${providers.url}/missing/keys`,
          facebookGraphUrl: nowhere,
          facebookAppSecret: FACEBOOK_APP_SECRET,
        },
      },
      clock,
    );
    await setSocialAuths(offline, allActive);
  });
  afterAll(() => offline.close());

  it('answers 422, not 500, when Google’s keys cannot be fetched', async () => {
    const response = await signIn('google', { code: await providers.google.sign(googleClaims()) }, offline);

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The sign-in provider could not be reached to check the token. Please try again later.');
  });

  it('answers 422 when the key endpoint answers with an error', async () => {
    const response = await signIn('apple', { code: await providers.apple.sign(appleClaims()) }, offline);

    expect(response.statusCode).toBe(422);
  });

  it('answers 422 when the Graph API cannot be reached', async () => {
    const response = await signIn('facebook', { code: graph.issueToken({ id: '10220005', name: 'Nobody' }) }, offline);

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The sign-in provider could not be reached to check the token. Please try again later.');
  });
});

describe('without a Facebook app secret', () => {
  let unconfigured: TestContext;
  beforeAll(async () => {
    unconfigured = await createTestApp({ social: { ...ctx.config.social, facebookAppSecret: undefined } }, clock);
    await setSocialAuths(unconfigured, allActive);
  });
  afterAll(() => unconfigured.close());

  it('refuses Facebook sign-in, saying why', async () => {
    const response = await signIn('facebook', { code: graph.issueToken({ id: '10220004', name: 'Nobody' }) }, unconfigured);

    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Facebook sign-in cannot be verified: the store has no Facebook app secret configured.');
  });
});
