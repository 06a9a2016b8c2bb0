import { randomInt, randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import type { EndpointAnswer } from '../src/shared/api-endpoints.ts';
import type { SocialAuths } from '../src/shared/settings.contract.ts';
import { expect, test, toast } from './fixtures.ts';
import { apiData } from './store-api.ts';

/**
 * The storefront side of social sign-in. The server's check of real provider tokens is covered by
 * the API tests against loopback providers; here the providers' SDKs are test doubles served at
 * their real addresses (so the page's CSP applies), and the store owner's switch is the settings
 * the page receives.
 */

const PROVIDER_HOSTS = ['accounts.google.com', 'connect.facebook.net', 'appleid.cdn-apple.com'];

const inactive: SocialAuths = {
  google: { is_active: false, client_id: '' },
  facebook: { is_active: false, client_id: '' },
  apple: { is_active: false, client_id: '', redirect_url: '' },
};

const googleSdk = `
window.google = { accounts: { id: {
  initialize(config) { window.googleConfig = config; },
  renderButton(parent, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Google test button';
    button.addEventListener('click', () => window.googleConfig.callback({ credential: 'google-id-token-from-test' }));
    parent.replaceChildren(button);
    window.googleButtonOptions = options;
  },
} } };`;

// FB.login answers what the test put in window.facebookAnswer: nothing means the shopper cancelled.
const facebookSdk = `
window.FB = {
  init(options) { window.facebookInit = options; },
  login(callback) { callback(window.facebookAnswer ?? { status: 'unknown', authResponse: null }); },
};`;

// AppleID.auth.signIn answers what the test put in window.appleAnswer: nothing means the pop-up was closed.
const appleSdk = `
window.AppleID = { auth: {
  init(config) { window.appleInit = config; },
  signIn() { return window.appleAnswer ? Promise.resolve(window.appleAnswer) : Promise.reject({ error: 'popup_closed_by_user' }); },
} };`;

/** Serves the SDK doubles at the providers' addresses and notes every request that went there. */
async function fakeProviderSdks(page: Page) {
  const requested: string[] = [];
  const serve = (body: string) => ({ status: 200, contentType: 'text/javascript', body });
  await page.route('https://accounts.google.com/gsi/client', (route) => route.fulfill(serve(googleSdk)));
  await page.route('https://connect.facebook.net/en_US/sdk.js', (route) => route.fulfill(serve(facebookSdk)));
  await page.route('https://appleid.cdn-apple.com/**', (route) => route.fulfill(serve(appleSdk)));
  page.on('request', (request) => {
    if (PROVIDER_HOSTS.includes(new URL(request.url()).hostname)) requested.push(request.url());
  });
  return requested;
}

/** The store owner's switch: the page (embedded settings) and `GET /api/master` say these providers are active. */
async function activateProviders(page: Page, socialAuths: SocialAuths) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="store-bootstrap">)(.*?)(<\/script>)/s,
        (_match, open: string, json: string, close: string) => {
          const bootstrap = JSON.parse(json) as { queries: { queries: { queryKey: string[]; state: { data: { social_auths: SocialAuths } } }[] } };
          const master = bootstrap.queries.queries.find((query) => query.queryKey[0] === 'master')!;
          master.state.data.social_auths = socialAuths;
          return `${open}${JSON.stringify(bootstrap).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.route('**/api/master', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as EndpointAnswer<'GET /master'>;
    body.data.social_auths = socialAuths;
    await route.fulfill({ response, json: body });
  });
}

function socialTokenPosts(page: Page) {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/auth\/\w+\/token$/.test(request.url())) posts.push(request);
  });
  return posts;
}

const header = (page: Page) => page.getByRole('banner');

async function openLogin(page: Page) {
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('social sign-in', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a store without social sign-in shows no provider buttons and loads no provider SDK', async ({ page }) => {
    const requested = await fakeProviderSdks(page);
    await activateProviders(page, inactive);
    await page.goto('/');

    const login = await openLogin(page);
    await expect(login.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(login.getByText('Or continue with')).toHaveCount(0);
    await login.getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Register' });
    await expect(register).toBeVisible();
    await expect(register.getByText('Or continue with')).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test('the active providers’ buttons load their SDKs only when the dialog opens; a Google account signs in', async ({ page }) => {
    const key = randomUUID().slice(0, 8);
    const shopper = { name: `Social Tester ${key}`, email: `social-${key}@example.test`, phone: `303${String(randomInt(0, 10 ** 7)).padStart(7, '0')}` };
    // Through the page's own cookie jar, as the storefront asks: the session the stubbed answer below stands for.
    const session = await apiData(page.request, 'POST /registration', {
      body: { ...shopper, password: `pass-${key}-word`, country: 'United States', phone_code: '+1' },
      headers: { 'X-Session': 'cookie' },
    });

    const requested = await fakeProviderSdks(page);
    await activateProviders(page, {
      ...inactive,
      google: { is_active: true, client_id: 'store.apps.googleusercontent.com' },
      apple: { is_active: true, client_id: 'org.openstore.web', redirect_url: 'https://store.example/apple' },
    });
    const posts = socialTokenPosts(page);
    // The page starts signed out; the store's answer to Google's token stands in for the server's
    // check (covered by the API tests) and sets the registration's session cookie, as the server would.
    const sessionCookies = await page.context().cookies();
    await page.context().clearCookies();
    await page.route('**/api/auth/google/token', async (route) => {
      await page.context().addCookies(sessionCookies);
      await route.fulfill({ json: { message: 'Login Successful', data: session } });
    });

    await page.goto('/');
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested, 'no provider SDK on the first load').toEqual([]);

    const login = await openLogin(page);
    await expect(login.getByText('Or continue with')).toBeVisible();
    await expect(login.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
    await expect(login.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0);
    const googleButton = login.getByRole('button', { name: 'Google test button' });
    await expect(googleButton).toBeVisible();
    expect(requested.map((url) => new URL(url).hostname).sort()).toEqual(['accounts.google.com', 'appleid.cdn-apple.com']);
    expect(await page.evaluate(() => (window as unknown as { appleInit: unknown }).appleInit)).toMatchObject({
      clientId: 'org.openstore.web',
      redirectURI: 'https://store.example/apple',
      usePopup: true,
    });

    await googleButton.click();

    await expect(toast(page, 'Login Successful')).toBeVisible();
    await expect(login).toBeHidden();
    await expect(header(page).getByRole('button', { name: /My Account/ })).toContainText(shopper.name);
    expect(posts.map((post) => post.postDataJSON())).toEqual([{ code: 'google-id-token-from-test' }]);
  });

  test.describe('failures', () => {
    // The real server refuses the tokens (the provider is off in its settings); the browser logs that answer.
    test.use({ allowedBrowserErrors: [/status of 404/] });

    test('a refused token shows the server’s message; a cancelled Facebook login and a token-less Apple answer are only logged', async ({ page }) => {
      await fakeProviderSdks(page);
      await activateProviders(page, {
        ...inactive,
        facebook: { is_active: true, client_id: '987654321' },
        apple: { is_active: true, client_id: 'org.openstore.web', redirect_url: '' },
      });
      const posts = socialTokenPosts(page);
      const logged: string[] = [];
      page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
      await page.goto('/');
      const login = await openLogin(page);

      await login.getByRole('button', { name: 'Continue with Facebook' }).click();
      await expect.poll(() => logged.some((line) => line.startsWith('info: Facebook login was cancelled'))).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { facebookInit: unknown }).facebookInit)).toMatchObject({
        appId: '987654321',
        version: 'v20.0',
      });

      await page.evaluate(() => {
        (window as unknown as { appleAnswer: unknown }).appleAnswer = { authorization: { code: 'only-a-code' } };
      });
      await login.getByRole('button', { name: 'Continue with Apple' }).click();
      await expect.poll(() => logged.some((line) => line.startsWith('warning: Sign in with Apple answered without an ID token'))).toBe(true);
      expect(posts, 'nothing is sent without a token').toEqual([]);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await expect(login).toBeVisible();

      await page.evaluate(() => {
        (window as unknown as { appleAnswer: unknown }).appleAnswer = {
          authorization: { id_token: 'apple-id-token-from-test' },
          user: { email: 'tim@privaterelay.appleid.com', name: { firstName: 'Tim', lastName: 'Apple' } },
        };
      });
      await login.getByRole('button', { name: 'Continue with Apple' }).click();
      const refused = toast(page, 'This sign-in method is not available.');
      await expect(refused).toBeVisible();
      expect(posts.map((post) => post.postDataJSON())).toEqual([{ code: 'apple-id-token-from-test', data: { name: 'Tim Apple' } }]);
      expect(await page.evaluate(() => (window as unknown as { appleInit: { redirectURI: string } }).appleInit.redirectURI)).toBe(
        new URL(page.url()).origin,
      );

      // The open dialog makes the page behind it inert, so the toast is left to time out (5 s).
      await expect(refused).toHaveCount(0, { timeout: 10_000 });

      await page.evaluate(() => {
        (window as unknown as { facebookAnswer: unknown }).facebookAnswer = {
          status: 'connected',
          authResponse: { accessToken: 'facebook-token-from-test' },
        };
      });
      await login.getByRole('button', { name: 'Continue with Facebook' }).click();
      await expect(refused).toBeVisible();
      expect(posts.at(-1)?.postDataJSON()).toEqual({ code: 'facebook-token-from-test' });
      await expect(login).toBeVisible();
      await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    });
  });
});
