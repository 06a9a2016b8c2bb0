import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryIdOf, homeAddress } from '../../test/account-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { bearer, newCustomer, postLogin, signUpCustomer } from '../../test/auth-fixtures.ts';

let ctx: TestContext;
let countryId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  countryId = await countryIdOf(ctx.database.db);
});
afterAll(() => ctx.close());

const AS_WEB = { 'x-session': 'cookie' };
const FOREIGN = 'https://attacker.example';

/** The value of the cookie an answer set, and its raw header. */
function setCookie(response: LightMyRequestResponse, name = 'session') {
  const header = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers)}`);
  return { header, value: header.slice(name.length + 1, header.indexOf(';')) };
}

async function cookieLogin(email: string, password: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: AS_WEB, payload: { phone: email, password } });
  expect(response.statusCode).toBe(200);
  return `session=${setCookie(response).value}`;
}

const profile = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
const sessionWorks = async (cookie: string) => (await profile({ cookie })).statusCode === 200;

const addAddress = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: homeAddress({ country_id: countryId }) });

describe('a web (cookie) session', () => {
  it('comes in an httpOnly SameSite=Lax cookie that lives as long as the session, and the answer holds no secret', async () => {
    const customer = await signUpCustomer(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: AS_WEB, payload: { phone: customer.email, password: customer.password } });
    expect(login.statusCode).toBe(200);
    const { header, value } = setCookie(login);
    const { data } = login.json();
    expect(header).toBe(`session=${value}; Path=/; Expires=${new Date(data.access.expires_at).toUTCString()}; HttpOnly; SameSite=Lax`);
    expect(data).toEqual({ user: expect.objectContaining({ email: customer.email }), access: { auth_type: 'Cookie', expires_at: expect.any(String) } });
    expect(login.body).not.toContain(value);

    const me = await profile({ cookie: `session=${value}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe(customer.email);
  });

  it('is what registration gives the web storefront too; API clients still get the bearer token', async () => {
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/registration', headers: AS_WEB, payload: newCustomer() });
    expect(registered.json().data.access.auth_type).toBe('Cookie');
    expect(await sessionWorks(`session=${setCookie(registered).value}`)).toBe(true);

    const customer = await signUpCustomer(ctx.app);
    const login = await postLogin(ctx.app, customer.email, customer.password);
    expect(login.headers['set-cookie']).toBeUndefined();
    const { access } = login.json().data;
    expect(access).toEqual({ auth_type: 'Bearer', token: expect.any(String), expires_at: expect.any(String) });
    expect((await profile(bearer(access.token))).statusCode).toBe(200);
  });

  it('is a __Host- cookie, Secure, when the store is served over https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://shop.example.com' });
    try {
      const customer = await signUpCustomer(secure.app);
      const login = await secure.app.inject({ method: 'POST', url: '/api/login', headers: AS_WEB, payload: { phone: customer.email, password: customer.password } });
      const { header, value } = setCookie(login, '__Host-session');
      expect(header).toMatch(/^__Host-session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
      expect((await secure.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `__Host-session=${value}` } })).statusCode).toBe(200);
      // The plain name means nothing there.
      expect((await secure.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `session=${value}` } })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});

describe('writes a cookie authenticates', () => {
  it('are refused from another origin or site, in the asked language', async () => {
    const customer = await signUpCustomer(ctx.app);
    const cookie = await cookieLogin(customer.email, customer.password);
    const foreign = await addAddress({ cookie, origin: FOREIGN });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Cross-site request refused.' });
    expect((await addAddress({ cookie, origin: FOREIGN, 'accept-language': 'ar' })).json()).toEqual({ message: 'تم رفض طلب من موقع آخر.' });
    expect((await addAddress({ cookie, origin: 'null' })).statusCode).toBe(403);
    for (const site of ['cross-site', 'same-site']) expect((await addAddress({ cookie, 'sec-fetch-site': site })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers: { cookie } })).json().data.addresses).toEqual([]);
  });

  it('pass from the store’s own origin, and without any origin (not a browser)', async () => {
    const customer = await signUpCustomer(ctx.app);
    const cookie = await cookieLogin(customer.email, customer.password);
    expect((await addAddress({ cookie, origin: ctx.config.publicUrl, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await addAddress({ cookie })).statusCode).toBe(201);
  });

  it('cover any cookie (a guest cart’s too), while bearer calls from anywhere pass', async () => {
    const customer = await signUpCustomer(ctx.app);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...AS_WEB, cookie: 'guest_cart=abc', origin: FOREIGN },
      payload: { phone: customer.email, password: customer.password },
    });
    expect(login.statusCode).toBe(403);
    expect((await addAddress({ ...bearer(customer.token), origin: FOREIGN, cookie: 'guest_cart=abc' })).statusCode).toBe(201);
  });
});

describe('a cookie session ends', () => {
  it('at logout, which also clears the cookie', async () => {
    const customer = await signUpCustomer(ctx.app);
    const cookie = await cookieLogin(customer.email, customer.password);
    const logout = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(setCookie(logout).header).toBe('session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
    expect(await sessionWorks(cookie)).toBe(false);
  });

  it('at a password change made elsewhere; the changer’s own stays, as with tokens', async () => {
    const customer = await signUpCustomer(ctx.app);
    const changer = await cookieLogin(customer.email, customer.password);
    const otherBrowser = await cookieLogin(customer.email, customer.password);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: { cookie: changer, origin: ctx.config.publicUrl },
      payload: { current_password: customer.password, password: 'a brand new one', password_confirmation: 'a brand new one' },
    });
    expect(change.statusCode).toBe(200);
    expect(await sessionWorks(otherBrowser)).toBe(false);
    expect(await sessionWorks(changer)).toBe(true);
  });

  it('at a password reset, whose answer clears the cookie', async () => {
    const customer = await signUpCustomer(ctx.app);
    const cookie = await cookieLogin(customer.email, customer.password);
    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const sent = await post('/api/send-otp', { phone: customer.email, forgot_password: true });
    const verified = await post('/api/verify-otp', { phone: customer.email, otp: sent.json().data.otp, forgot_password: true });
    const reset = await post('/api/reset-password', { password: 'brand new secret', password_confirmation: 'brand new secret', token: verified.json().data.token });
    expect(reset.statusCode).toBe(200);
    expect(setCookie(reset).value).toBe('');
    expect(await sessionWorks(cookie)).toBe(false);
  });
});

describe('POST /api/auth/cookie-session', () => {
  const exchange = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/auth/cookie-session', headers });

  it('moves a bearer session into the cookie once: the old token ends, the cookie keeps its end', async () => {
    const customer = await signUpCustomer(ctx.app);
    const before = await postLogin(ctx.app, customer.email, customer.password);
    const { token, expires_at } = before.json().data.access;

    const moved = await exchange(bearer(token));
    expect(moved.statusCode).toBe(200);
    const { header, value } = setCookie(moved);
    expect(header).toContain(`Expires=${new Date(expires_at).toUTCString()};`);
    expect(moved.json().data).toEqual({ user: expect.objectContaining({ email: customer.email }), access: { auth_type: 'Cookie', expires_at } });
    expect(moved.body).not.toContain(value);
    expect(value).not.toBe(token);

    expect(await sessionWorks(`session=${value}`)).toBe(true);
    expect((await profile(bearer(token))).statusCode).toBe(401);
    expect((await exchange(bearer(token))).statusCode).toBe(401);
  });

  it('refuses an unknown token, and a caller with only a cookie', async () => {
    expect((await exchange(bearer('made-up'))).statusCode).toBe(401);
    expect((await exchange({})).statusCode).toBe(401);
    const customer = await signUpCustomer(ctx.app);
    const cookie = await cookieLogin(customer.email, customer.password);
    expect((await exchange({ cookie })).statusCode).toBe(401);
  });
});
