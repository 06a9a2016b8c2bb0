import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../src/shared/constants.ts';
import { expect, test, toast } from './fixtures.ts';
import { codeIn, waitForMailTo } from './outbox.ts';
import { registerShopper, startWithStored } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** A shopper no other test knows: unique e-mail and phone. */
function freshShopper() {
  const key = randomUUID().slice(0, 8);
  return {
    name: `Auth Tester ${key}`,
    email: `auth-${key}@example.test`,
    phone: `202${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`,
    password: `first-${key}-pass`,
  };
}

const header = (page: Page) => page.getByRole('banner');
const accountMenuButton = (page: Page) => header(page).getByRole('button', { name: /My Account/ });

/**
 * The session cookie the browser holds, for asking the API what the server thinks. The page itself
 * sees no secret: the cookie is httpOnly and localStorage holds no token.
 */
async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'session');
  expect(cookie, 'a session cookie').toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('session=');
  expect(await page.evaluate(() => localStorage.getItem('auth'))).not.toContain('token');
  return `session=${cookie!.value}`;
}

async function profileAnswer(request: APIRequestContext, cookie: string) {
  return request.get('/api/profile', { headers: { Cookie: cookie, Accept: 'application/json' } });
}

/** The signed-in user as the server has it, for the session this cookie proves. */
const userOfSession = async (request: APIRequestContext, cookie: string) => (await apiData(request, 'GET /profile', { headers: { Cookie: cookie } })).user;

/** Registers through the API, as an app would. */
const registerThroughApi = (request: APIRequestContext, shopper: ReturnType<typeof freshShopper>) =>
  apiData(request, 'POST /registration', { body: { ...shopper, country: 'United States', phone_code: '+1' } });

/** A shopper just signed up, and the storefront asked for the account's code, as its register dialog does. */
async function justSignedUp(request: APIRequestContext) {
  const shopper = freshShopper();
  await registerThroughApi(request, shopper);
  await apiData(request, 'POST /send-otp', { body: { phone: shopper.email, forgot_password: false } });
  return shopper;
}

/**
 * Asks for a reset code right after sign-up: the store finds it too soon and names the wait, which
 * the dialog counts down in place of Send OTP; the button comes back at zero. Answers the seconds shown.
 */
async function askForResetCodeTooSoon(page: Page, texts: { forgot: string; sendOtp: string; country: string; email: string; wait: RegExp }, email: string) {
  const forgot = page.getByRole('dialog', { name: texts.forgot });
  await expect(forgot).toBeVisible();
  await forgot.getByLabel(texts.country).selectOption('United States');
  await forgot.getByLabel(texts.email).fill(email);
  await forgot.getByRole('button', { name: texts.sendOtp }).click();
  const wait = forgot.getByText(texts.wait);
  await expect(wait).toBeVisible();
  await expect(forgot.getByRole('button', { name: texts.sendOtp })).toHaveCount(0);
  const firstText = (await wait.textContent()) ?? '';
  const first = Number(/\d+/.exec(firstText)?.[0]);
  expect(first).toBeGreaterThan(2);
  expect(first).toBeLessThanOrEqual(60);
  // A live countdown: the next second shows, then the button comes back at zero.
  await page.clock.fastForward(1000);
  await expect(wait).toHaveText(texts.wait);
  await expect(wait).not.toHaveText(firstText);
  await page.clock.fastForward(first * 1000);
  await expect(forgot.getByRole('button', { name: texts.sendOtp })).toBeEnabled();
  await expect(wait).toHaveCount(0);
}

async function openLogin(page: Page) {
  await header(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel('Phone or Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  return dialog;
}

test.describe('account dialogs', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    // A taken e-mail, a wrong password (422) and a too early resend (429) are refused on purpose; the
    // browser logs those answers. One pattern: Playwright reads a two-item array as [value, options].
    allowedBrowserErrors: [/status of (422|429)/],
  });

  test('a new shopper registers, verifies the account with the mailed code, logs out and logs in again', async ({ page, request }) => {
    test.slow();
    const shopper = freshShopper();
    await page.goto('/');

    // Escape closes a dialog; the login dialog leads to registration.
    let login = await openLogin(page);
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    login = await openLogin(page);
    await login.getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Register' });
    await expect(register).toBeVisible();
    await expect(register.getByLabel('Name')).toBeFocused();

    await register.getByLabel('Name').fill(shopper.name);
    // First with the demo shopper's e-mail, which is taken.
    await register.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await register.getByLabel('Country').selectOption('United States');
    await expect(register.getByLabel('Phone Code')).toHaveValue('+1');
    const phone = register.getByLabel('Phone', { exact: true });
    await phone.pressSequentially(`(${shopper.phone.slice(0, 3)}) ${shopper.phone.slice(3, 6)}-${shopper.phone.slice(6)}`);
    await expect(phone, 'the phone box keeps digits only').toHaveValue(shopper.phone);
    await register.getByLabel('Password').fill(shopper.password);
    await expect(register.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(register.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

    await register.getByRole('button', { name: 'Register' }).click();
    const email = register.getByLabel('Email');
    await expect(register.getByText('The email has already been taken.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(shopper.email);
    await expect(email, 'an edited field loses its error').not.toHaveAttribute('aria-invalid');

    const registeredAt = new Date();
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Register Successful')).toContainText('You have successfully registered.');
    await expect(accountMenuButton(page)).toContainText(shopper.name);

    // register_otp_verify is on in the demo store: the code dialog opens and a code is mailed.
    const codeDialog = page.getByRole('dialog', { name: 'Verify OTP' });
    await expect(codeDialog).toBeVisible();
    const countdown = codeDialog.getByText(/^You can resend the code in \d+ seconds\.$/);
    await expect(countdown).toBeVisible();
    const secondsLeft = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    expect(secondsLeft).toBeGreaterThan(30);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    await expect(codeDialog.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
    const verify = codeDialog.getByRole('button', { name: 'Verify' });
    await expect(verify).toBeDisabled();
    const code = codeIn(await waitForMailTo(shopper.email, registeredAt));

    // Typing moves from box to box; Backspace on an empty box goes back.
    const boxes = codeDialog.getByRole('group').getByRole('textbox');
    await expect(boxes).toHaveCount(4);
    await expect(boxes.first()).toBeFocused();
    await page.keyboard.type(code.slice(0, 2));
    await expect(boxes.nth(2)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(1)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(1)).toHaveValue('');
    await page.keyboard.type(code.slice(1));
    for (const [index, digit] of [...code].entries()) await expect(boxes.nth(index)).toHaveValue(digit);

    const session = await sessionCookie(page);
    expect((await userOfSession(request, session)).is_verified).toBe(false);
    await verify.click();
    await expect(toast(page, 'OTP verified successfully')).toBeVisible();
    await expect(codeDialog).toBeHidden();
    expect((await userOfSession(request, session)).is_verified).toBe(true);

    // Log out through the menu and its confirmation; Cancel keeps the session.
    await accountMenuButton(page).click();
    await header(page).getByRole('button', { name: 'Log Out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log Out!' });
    await expect(confirm).toBeVisible();
    await expect(confirm).toHaveAccessibleDescription('Logout Confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(accountMenuButton(page)).toBeVisible();

    await accountMenuButton(page).click();
    await header(page).getByRole('button', { name: 'Log Out' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Logout successfully')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect((await profileAnswer(request, session)).status(), 'the session has ended').toBe(401);
    expect((await page.context().cookies()).map((cookie) => cookie.name), 'the cookie is gone').not.toContain('session');

    // The local demo store prefills the login form with the demo shopper.
    login = await openLogin(page);
    await expect(login.getByLabel('Phone or Email')).toHaveValue(DEMO_CUSTOMER.email);
    await expect(login.getByLabel('Password')).toHaveValue(DEMO_CUSTOMER.password);
    await page.keyboard.press('Escape');

    await logIn(page, shopper.email, shopper.password);
    await expect(toast(page, 'Login Successful')).toContainText('You have successfully logged in.');
    await expect(login).toBeHidden();
    await expect(accountMenuButton(page)).toContainText(shopper.name);
  });

  test('a reset code asked for right after sign-up says when a new one can be asked for, and counts down', async ({ page, request }) => {
    const shopper = await justSignedUp(request);
    await page.clock.install();
    await page.goto('/');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot Password?' }).click();
    await askForResetCodeTooSoon(
      page,
      { forgot: 'Forgot Password', sendOtp: 'Send OTP', country: 'Country', email: 'Email', wait: /^You can ask for a new code in \d+ seconds?\.$/ },
      shopper.email,
    );
    await expect(toast(page, 'Too many attempts. Please try again later.')).toHaveCount(0);
  });

  test('a forgotten password is reset with the mailed code; the old one then fails with the server message', async ({ page, request }) => {
    test.slow();
    const shopper = freshShopper();
    await registerThroughApi(request, shopper);
    const newPassword = `second-${randomUUID().slice(0, 8)}-pass`;

    // The page's clock can jump over the 60-second resend countdown.
    await page.clock.install();
    await page.goto('/');
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(forgot).toBeVisible();

    await forgot.getByRole('button', { name: 'Send OTP' }).click();
    await expect(forgot.getByText('The country field is required')).toBeVisible();
    await expect(forgot.getByText('The phone or email field is required')).toBeVisible();
    await forgot.getByLabel('Country').selectOption('United States');
    await forgot.getByLabel('Email').fill(shopper.email);
    const requestedAt = new Date();
    await forgot.getByRole('button', { name: 'Send OTP' }).click();

    const codeDialog = page.getByRole('dialog', { name: 'Verify OTP' });
    await expect(codeDialog).toBeVisible();
    const code = codeIn(await waitForMailTo(shopper.email, requestedAt));

    // After the countdown, Resend OTP appears; the server allows one code a minute and says how long
    // to wait, so the dialog counts down again instead of showing an error, then offers Resend OTP again.
    const resend = codeDialog.getByRole('button', { name: 'Resend OTP' });
    await expect(resend).toHaveCount(0);
    await page.clock.fastForward(61_000);
    await resend.click();
    const countdown = codeDialog.getByText(/^You can resend the code in \d+ seconds\.$/);
    await expect(countdown).toBeVisible();
    await expect(resend).toHaveCount(0);
    const secondsLeft = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    await expect(toast(page, 'Too many attempts. Please try again later.')).toHaveCount(0);
    await page.clock.fastForward((secondsLeft + 1) * 1000);
    await expect(resend).toBeEnabled();

    // A whole code in the first box (what one-time-code autofill does) fills all four.
    await codeDialog.getByRole('textbox', { name: 'Digit 1 of 4' }).fill(code);
    await expect(codeDialog.getByRole('textbox', { name: 'Digit 4 of 4' })).toHaveValue(code[3]!);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();

    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await expect(reset).toBeVisible();
    await reset.getByLabel('New Password').fill(newPassword);
    await reset.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Confirm Password does not match.')).toBeVisible();
    await reset.getByLabel('Confirm Password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Password reset successfully')).toBeVisible();

    // The login dialog comes back; the old password is refused with the server's message.
    const again = page.getByRole('dialog', { name: 'Login' });
    await expect(again).toBeVisible();
    await again.getByLabel('Phone or Email').fill(shopper.email);
    await again.getByLabel('Password').fill(shopper.password);
    await again.getByRole('button', { name: 'Login' }).click();
    const mismatch = 'These credentials do not match our records.';
    await expect(toast(page, mismatch)).toBeVisible();
    const account = again.getByLabel('Phone or Email');
    await expect(account, 'the field error under the field').toHaveAccessibleDescription(mismatch);
    await expect(account).toHaveAttribute('aria-invalid', 'true');

    await again.getByLabel('Password').fill(newPassword);
    await again.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login Successful')).toBeVisible();
    await expect(accountMenuButton(page)).toContainText(shopper.name);
  });
});

test.describe('account dialogs in Arabic', () => {
  test.use({ viewport: { width: 1280, height: 800 }, allowedBrowserErrors: [/status of 429/] });

  test('read right to left with Arabic texts', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await header(page).getByRole('button', { name: 'العربية' }).click();
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await header(page).getByRole('button', { name: 'تسجيل الدخول' }).click();
    const login = page.getByRole('dialog', { name: 'تسجيل الدخول' });
    await expect(login.getByLabel('الهاتف أو البريد الإلكتروني')).toBeVisible();
    await login.getByRole('button', { name: 'إنشاء حساب' }).click();
    const register = page.getByRole('dialog', { name: 'إنشاء حساب' });
    await expect(register.getByText('بإنشاء حساب، فإنك توافق على')).toBeVisible();
    await expect(register.getByRole('link', { name: 'الشروط والأحكام' })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(register.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute('href', '/privacy-policy');
    // Right to left: the title at the right, the close button at the left.
    const title = await register.getByRole('heading', { name: 'إنشاء حساب' }).boundingBox();
    const close = await register.getByRole('button', { name: 'إغلاق' }).boundingBox();
    expect(close!.x).toBeLessThan(title!.x);
  });
  test('a reset code asked for right after sign-up says in Arabic when a new one can be asked for', async ({ page, request }) => {
    const shopper = await justSignedUp(request);
    await page.clock.install();
    await page.goto('/');
    await header(page).getByRole('button', { name: /Language/ }).click();
    const reloaded = page.waitForEvent('framenavigated');
    await header(page).getByRole('button', { name: 'العربية' }).click();
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await header(page).getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('dialog', { name: 'تسجيل الدخول' }).getByRole('button', { name: 'هل نسيت كلمة المرور؟' }).click();
    await askForResetCodeTooSoon(
      page,
      { forgot: 'نسيت كلمة المرور', sendOtp: 'إرسال الرمز', country: 'الدولة', email: 'البريد الإلكتروني', wait: /^يمكنك طلب رمز جديد بعد (\d+ ثانية|\d+ ثوانٍ|ثانيتين|ثانية واحدة)\.$/ },
      shopper.email,
    );
  });
});

test.describe('account dialogs on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu repeats the user menu and logs out through the confirmation', async ({ page, request }) => {
    const shopper = freshShopper();
    await registerThroughApi(request, shopper);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Phone or Email').fill(shopper.email);
    await login.getByLabel('Password').fill(shopper.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login Successful')).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText(shopper.name)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await menu.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out!' }).getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page, 'Logout successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('a session an earlier storefront kept in localStorage', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is exchanged once for the session cookie; the token is gone and the shopper stays signed in', async ({ page, request }) => {
    const shopper = await registerShopper(request, 'Returning Shopper');
    await startWithStored(page, {
      auth: { state: { user: shopper.user, token: shopper.authorization, addresses: [], favoriteProducts: 0 }, version: 1 },
    });
    await page.goto('/manage-address');
    await expect(page.getByText('You have no saved addresses')).toBeVisible();
    await expect(accountMenuButton(page)).toContainText(shopper.name);
    const session = await sessionCookie(page);
    expect((await profileAnswer(request, session)).status()).toBe(200);
    const oldToken = await request.get('/api/profile', { headers: { Authorization: shopper.authorization, Accept: 'application/json' } });
    expect(oldToken.status(), 'the token a script could read no longer works').toBe(401);

    await page.reload();
    await expect(page.getByText('You have no saved addresses')).toBeVisible();
    await expect(accountMenuButton(page)).toContainText(shopper.name);
  });
});
