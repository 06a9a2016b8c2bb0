import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { z } from 'zod';
import type { loginSchema } from '../src/shared/account.contract.ts';
import { expect, test, toast } from './fixtures.ts';
import { registerShopper, startSignedIn, type RegisteredShopper } from './shoppers.ts';
import { apiData } from './store-api.ts';

/** A fresh shopper, signed in the way the storefront keeps a session. */
async function signIn(page: Page, request: APIRequestContext): Promise<RegisteredShopper> {
  const shopper = await registerShopper(request, 'Account Tester');
  await startSignedIn(page, shopper);
  return shopper;
}

const header = (page: Page) => page.getByRole('banner');
const wishlistCount = (page: Page) => header(page).getByRole('link', { name: /^Wishlist/ }).first();

const addressCard = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name });

/** Types into the searchable country box and takes the first match. */
async function chooseCountry(page: Page, label: string, typed: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await expect(page.getByRole('listbox', { name: label }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

async function storedCartAddress(page: Page) {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}') as { state?: { address?: number | null } }).state?.address);
}

test.describe('account area', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.describe('addresses', () => {
    // The empty form is refused on purpose; the browser logs that answer.
    test.use({ allowedBrowserErrors: [/status of 422/] });

    test('a shopper adds, edits, re-defaults and deletes addresses', async ({ page, request }) => {
      await signIn(page, request);
      await page.goto('/manage-address');
      await expect(page.getByText('You have no saved addresses')).toBeVisible();

      await page.getByRole('main').getByRole('link', { name: 'Add New Address' }).first().click();
      await expect(page).toHaveURL(/\/manage-address\/new$/);
      await page.getByRole('button', { name: 'Save Address' }).click();
      const nameField = page.getByLabel('Name', { exact: true });
      await expect(nameField).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('The name field is required.')).toBeVisible();
      await expect(page.getByText('The city field is required.')).toBeVisible();
      await expect(page.getByText('The country field is required.')).toBeVisible();

      await nameField.fill('Home Base');
      await page.getByLabel('Phone', { exact: true }).fill('20-25-55-01-99');
      await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('2025550199');
      await page.getByLabel('Area', { exact: true }).fill('Old Town');
      await page.getByLabel('Address Line', { exact: true }).fill('12 Baker Street');
      await page.getByLabel('City', { exact: true }).fill('London');
      await chooseCountry(page, 'Country', 'United King');
      await page.getByText('Office address').click();
      await page.getByRole('button', { name: 'Save Address' }).click();

      await expect(page).toHaveURL(/\/manage-address$/);
      await expect(toast(page, 'Address added successfully')).toBeVisible();
      const first = addressCard(page, 'Home Base');
      await expect(first).toContainText('Default');
      await expect(first).toContainText('Office address');
      await expect(first).toContainText('12 Baker Street, Old Town, London, United Kingdom');

      // Edit: the form comes filled in; the change is listed.
      await first.getByRole('link', { name: 'Edit Home Base' }).click();
      await expect(page).toHaveURL(/\/manage-address\/\d+\/edit$/);
      const firstId = Number(/\/manage-address\/(\d+)\/edit/.exec(page.url())![1]);
      await expect(page.getByLabel('Address Line', { exact: true })).toHaveValue('12 Baker Street');
      await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
      await expect(page.getByLabel('This is your default address')).toBeDisabled();
      await page.getByLabel('Area', { exact: true }).fill('Riverside');
      await page.getByLabel('State / Region', { exact: true }).fill('Greater London');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/manage-address$/);
      await expect(toast(page, 'Address updated successfully')).toBeVisible();
      await expect(addressCard(page, 'Home Base')).toContainText('12 Baker Street, Riverside, London, Greater London, United Kingdom');
      expect(await storedCartAddress(page)).toBe(firstId);

      // A second address made the default takes the flag, is listed first and becomes the cart address.
      await page.getByRole('main').getByRole('link', { name: 'Add New Address' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Work Desk');
      await page.getByLabel('Phone', { exact: true }).fill('2025550188');
      await page.getByLabel('Area', { exact: true }).fill('Harbour');
      await page.getByLabel('Address Line', { exact: true }).fill('1 Dock Road');
      await page.getByLabel('City', { exact: true }).fill('Dublin');
      await chooseCountry(page, 'Country', 'Ireland');
      await page.getByLabel('Make this my default address').check();
      await page.getByRole('button', { name: 'Save Address' }).click();
      await expect(page).toHaveURL(/\/manage-address$/);
      await expect(addressCard(page, 'Work Desk')).toContainText('Default');
      await expect(addressCard(page, 'Home Base')).not.toContainText('Default');
      await expect(page.getByRole('main').getByRole('article').first()).toHaveAccessibleName('Work Desk');
      await expect.poll(() => storedCartAddress(page)).not.toBe(firstId);

      // Deleting the default (after confirming) hands the flag back.
      await addressCard(page, 'Work Desk').getByRole('button', { name: 'Delete Work Desk' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Address' });
      await expect(confirm).toContainText('Are you sure you want to delete this address?');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(toast(page, 'Address deleted successfully')).toBeVisible();
      await expect(addressCard(page, 'Work Desk')).toHaveCount(0);
      await expect(addressCard(page, 'Home Base')).toContainText('Default');
      await expect.poll(() => storedCartAddress(page)).toBe(firstId);
    });

    for (const locale of ['en', 'ar'] as const) {
      test(`an address's city, state and country show on its card, at checkout and in Order Details (${locale})`, async ({ page, request }) => {
        const shopper = await registerShopper(request, 'Address Tester');
        const { products } = await apiData(request, 'GET /products', { query: { per_page: 100, sort_type: 'newest' } });
        // From the far end of the list: other journeys buy (and count the stock of) the newest products.
        const product = products.findLast((card) => card.colors.length === 0 && card.sizes.length === 0 && card.quantity >= 5)!;
        await apiData(request, 'POST /cart/store', { body: { product_id: product.id, quantity: 1, unit: product.unit }, authorization: shopper.authorization });
        const messages = (await (await request.get(`/api/lang/${locale}`)).json()) as Record<string, string>;
        const t = (text: string) => messages[text] ?? text;
        await startSignedIn(page, shopper, {
          settings: { state: { locale, langDirection: locale === 'ar' ? 'rtl' : 'ltr' }, version: 1 },
          cart: { state: { selectedShopIds: [product.shop.id] }, version: 1 },
        });

        await page.goto('/manage-address/new');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.getByLabel(t('Name'), { exact: true }).fill('Castle Flat');
        await page.getByLabel(t('Phone'), { exact: true }).fill('2025550166');
        await page.getByLabel(t('Area'), { exact: true }).fill('Old Town');
        await page.getByLabel(t('Address Line'), { exact: true }).fill('1 Royal Mile');
        await page.getByLabel(t('City'), { exact: true }).fill('Edinburgh');
        await page.getByLabel(t('State / Region'), { exact: true }).fill('Scotland');
        await page.getByLabel(t('Post Code'), { exact: true }).fill('EH1 1YZ');
        await chooseCountry(page, t('Country'), 'United Kingdom');
        // The country reads in the page's language.
        const country = await page.evaluate((tag) => new Intl.DisplayNames([tag], { type: 'region' }).of('GB')!, locale);
        await expect(page.getByRole('combobox', { name: t('Country') })).toHaveValue(country);
        await page.getByRole('button', { name: t('Save Address') }).click();

        await expect(page).toHaveURL(/\/manage-address$/);
        await expect(addressCard(page, 'Castle Flat')).toContainText(`1 Royal Mile, Old Town, Edinburgh, Scotland EH1 1YZ, ${country}`);

        await page.goto('/checkout');
        const shipping = page.getByTestId('shipping-address');
        await expect(shipping).toContainText('Old Town, Edinburgh, Scotland EH1 1YZ');
        await expect(shipping).toContainText(country);
        await page.getByRole('button', { name: t('Place Order') }).click();
        const confirm = page.getByRole('dialog', { name: t('Order placed') });
        await confirm.getByRole('link', { name: new RegExp(`#OS\\d+`) }).click();

        await expect(page).toHaveURL(/\/order-history\/\d+$/);
        const delivery = page.getByRole('main').locator('address');
        await expect(delivery).toContainText('1 Royal Mile');
        await expect(delivery).toContainText('Old Town, Edinburgh, Scotland EH1 1YZ');
        await expect(delivery).toContainText(country);
      });
    }
  });

  test('the heart puts a product on the wishlist and the header count follows', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/products');
    const card = page.getByRole('main').getByRole('article').first();
    const name = (await card.getByRole('link').first().innerText()).split('\n')[0]!.trim();
    const heart = card.getByRole('button', { name: 'Add to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(wishlistCount(page)).toContainText('0');

    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlistCount(page)).toContainText('1');
    await expect(toast(page, 'Product added to wishlist')).toBeVisible();

    // The server remembers: a reload shows the heart filled.
    await page.reload();
    await expect(page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'true');

    await wishlistCount(page).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const saved = page.getByRole('main').getByRole('article');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(name);

    await saved.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect(wishlistCount(page)).toContainText('0');

    // The removal's toast takes it back.
    await toast(page, 'Product removed from wishlist').getByRole('button', { name: 'Undo' }).click();
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(name);
    await expect(saved.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlistCount(page)).toContainText('1');
    await page.reload();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  });

  test('a visitor tapping a heart is asked to log in', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('main').getByRole('article').first().getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test.describe('profile and password', () => {
    // A file that is no picture and a wrong password are refused on purpose.
    test.use({ allowedBrowserErrors: [/status of 422/] });

    test('a shopper edits the profile with a photo; the sidebar follows', async ({ page, request }) => {
      const session = await signIn(page, request);
      await page.goto('/profile');
      const sidebar = page.getByRole('complementary');
      await expect(sidebar).toContainText(session.user.name);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(session.user.name);

      // What the browser can tell is no picture, or too large, is refused as soon as it is chosen.
      const photoField = page.getByLabel('Profile Photo');
      await photoField.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
      await expect(page.getByText('notes.txt is not an image.')).toBeVisible();
      await expect(photoField).toHaveAttribute('aria-invalid', 'true');
      await photoField.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
      await expect(page.getByText('huge.png is larger than 2 MB.')).toBeVisible();

      // A file only the server can tell is no picture is refused on saving.
      await photoField.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await expect(photoField).not.toHaveAttribute('aria-invalid');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(page.getByText('The profile photo must be an image.')).toBeVisible();

      const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366cc' } }).png().toBuffer();
      await page.getByLabel('Profile Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
      await page.getByLabel('Name', { exact: true }).fill('Renamed Shopper');
      await page.getByLabel('Gender').selectOption('female');
      await page.getByLabel('Birthday').fill('1991-05-20');
      await page.getByRole('button', { name: 'Update Profile' }).click();

      await expect(toast(page, 'Profile updated successfully')).toBeVisible();
      await expect(sidebar).toContainText('Renamed Shopper');
      await expect(sidebar.locator('img')).toHaveAttribute('src', /^\/media\/uploads\/profile\/[0-9a-f]{32}\.webp$/);
      const src = await sidebar.locator('img').getAttribute('src');
      const served = await request.get(src!);
      expect(served.headers()['content-type']).toBe('image/webp');

      // A wrong file chosen after that keeps the saved photo on show.
      const formPhoto = page.getByRole('main').locator('form img');
      await expect(formPhoto).toHaveAttribute('src', src!);
      await photoField.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
      await expect(page.getByText('notes.txt is not an image.')).toBeVisible();
      await expect(formPhoto).toHaveAttribute('src', src!);

      await page.reload();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Shopper');
      await expect(page.getByLabel('Birthday')).toHaveValue('1991-05-20');
    });

    test('a shopper finds a phone code by country name or code and keeps it', async ({ page, request }) => {
      await signIn(page, request);
      await page.goto('/profile');
      const phoneCode = page.getByRole('combobox', { name: 'Phone Code' });
      await expect(phoneCode).toHaveValue('+1');

      await phoneCode.fill('Jord');
      const countries = page.getByRole('listbox', { name: 'Phone Code' });
      await expect(countries.getByRole('option')).toHaveText(['Jordan +962']);
      await countries.getByRole('option', { name: 'Jordan +962' }).click();
      await expect(countries).toHaveCount(0);
      await expect(phoneCode).toHaveValue('+962');

      await phoneCode.fill('+44');
      await expect(countries.getByRole('option', { name: 'United Kingdom +44' })).toBeVisible();
      await phoneCode.fill('Atlantis');
      await expect(countries).toHaveText('No country matches');
      await phoneCode.press('Escape');
      await expect(phoneCode).toHaveValue('+962');

      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expect(toast(page, 'Profile updated successfully')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Phone Code' })).toHaveValue('+962');
    });

    test('a shopper changes the password', async ({ page, request }) => {
      const session = await signIn(page, request);
      await page.goto('/change-password');
      const current = page.getByLabel('Current Password');
      const next = page.getByLabel('New Password');
      const confirmation = page.getByLabel('Confirm Password', { exact: true });

      await current.fill(session.password);
      await next.fill('brand-new-password');
      await confirmation.fill('something-else');
      await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Confirm Password does not match.')).toBeVisible();

      await current.fill('not-my-password');
      await confirmation.fill('brand-new-password');
      await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
      await expect(current).toHaveAttribute('aria-invalid', 'true');

      await current.fill(session.password);
      await page.getByRole('main').getByRole('button', { name: 'Change Password' }).click();
      await expect(toast(page, 'Password changed successfully')).toBeVisible();
      await expect(current).toHaveValue('');

      const login = await request.post('/api/login', { data: { phone: session.email, password: 'brand-new-password' } satisfies z.input<typeof loginSchema> });
      expect(login.status()).toBe(200);
    });
  });

  test('the account area sends a visitor home, on entry and when the session ends', async ({ page, request }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await signIn(page, request);
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
    await header(page).getByRole('button', { name: /My Account/ }).click();
    await header(page).getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Log Out!' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
