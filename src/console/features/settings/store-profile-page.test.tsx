// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { StoreProfile } from '../../../shared/store-profile.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const profile: StoreProfile = {
  app_name: 'Open Store',
  web_logo: '/media/placeholder/logo/open-store.svg',
  web_footer_logo: '/media/placeholder/logo/footer.svg',
  footer_qr: '/media/placeholder/qr/app.svg',
  mobile: '+1 555 0100 200',
  email: 'hello@openstore.example',
  address: '221 Market Street',
  web_footer_text: 'Open Store. All rights reserved.',
  web_footer_description: 'Shops you trust.',
  web_show_footer: true,
  show_download_app: true,
  google_playstore_link: 'https://play.google.com/store/apps/details?id=org.openstore.app',
  app_store_link: 'https://apps.apple.com/app/open-store/id0000000000',
  social_links: [
    { name: 'Facebook', link: 'https://www.facebook.com/openstore', logo: '/media/placeholder/social/facebook.svg' },
    { name: 'X', link: 'https://www.x.com/openstore', logo: '/media/placeholder/social/x.svg' },
  ],
  translations: { ar: { address: '', web_footer_text: 'أوبن ستور.', web_footer_description: '' }, ir: { address: '', web_footer_text: '', web_footer_description: '' } },
};

describe('the store profile page', () => {
  it('saves the footer text with its Arabic translation and the social links in their new order', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/store-profile': ok({ profile }),
      'PUT /console/store-profile': ({ body }) => ok({ profile: body as StoreProfile }, 'Store profile saved'),
    });
    renderConsole('/store-profile');
    const footerText = await screen.findByRole('textbox', { name: 'Footer text' }, { timeout: 5000 });
    await userEvent.clear(footerText);
    await userEvent.type(footerText, 'Corner Shop, since 1999.');
    const inArabic = screen.getByRole('textbox', { name: 'Footer text in العربية' });
    await userEvent.clear(inArabic);
    await userEvent.type(inArabic, 'ركن المتجر منذ 1999.');
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Social link 2' })).getByRole('button', { name: 'Move up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save store profile' }));

    expect(await screen.findByText('Store profile saved')).toBeInTheDocument();
    const [sent] = api.calls('PUT /console/store-profile').map((call) => call.body as StoreProfile);
    expect(sent).toMatchObject({ web_footer_text: 'Corner Shop, since 1999.', translations: { ar: { web_footer_text: 'ركن المتجر منذ 1999.' } } });
    expect(sent!.social_links.map((link) => link.name)).toEqual(['X', 'Facebook']);
  });

  it('shows a refused link under its field, and a link that is not https before sending', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/store-profile': ok({ profile }),
      'PUT /console/store-profile': () => refused(422, 'The store name field is required.', { app_name: ['The store name field is required.'] }),
    });
    renderConsole('/store-profile');
    const appStore = await screen.findByRole('textbox', { name: 'App Store link' }, { timeout: 5000 });
    await userEvent.clear(appStore);
    await userEvent.type(appStore, 'http://apps.example/store');
    await userEvent.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText('The App Store link must be an https:// address.')).toBeInTheDocument();
    expect(api.calls('PUT /console/store-profile')).toEqual([]);

    await userEvent.clear(appStore);
    await userEvent.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText('The store name field is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Store name' })).toHaveAttribute('aria-invalid', 'true');
  });
});
