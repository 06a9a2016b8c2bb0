// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import { DEFAULT_HOME_LAYOUT, type ConsoleBanner, type ConsoleHomeLayout } from '../../../shared/home-content.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const banner = (id: number, title: string, extra: Partial<ConsoleBanner> = {}): ConsoleBanner => ({
  id,
  title,
  subtitle: '',
  image: `/media/banner-${id}.webp`,
  image_alt: `${title} picture`,
  link: '/best-deal',
  translations: {},
  is_active: true,
  starts_at: null,
  ends_at: null,
  sort_order: id,
  status: 'active',
  missing_translations: [],
  ...extra,
});

describe('the banners list', () => {
  it('shows each banner’s status and missing translations, and moves one down sending the whole new order', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/banners': ok({ banners: [banner(1, 'Spring sale'), banner(2, 'Later', { status: 'scheduled', starts_at: '2026-12-24T10:00:00.000Z', missing_translations: ['ar', 'ir'] })] }),
      'POST /console/banners/reorder': ok({ banners: [] }, 'Banners reordered'),
    });
    renderConsole('/content/banners');
    const table = await screen.findByRole('table', { name: 'Banners' });
    await within(table).findByRole('link', { name: 'Spring sale' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Shown');
    expect(rows[1]).toHaveTextContent('Complete');
    expect(rows[2]).toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent('Missing: Arabic, Persian');
    expect(within(rows[1]!).getByRole('img', { name: 'Spring sale picture' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Move down Spring sale' }));
    expect(await screen.findByText('Banners reordered')).toBeInTheDocument();
    expect(api.calls('POST /console/banners/reorder')[0]!.body).toEqual({ ids: [2, 1] });
  });

  it('asks for the address’s tab and search, and offers no moving in a filtered list', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/banners': ok({ banners: [banner(2, 'Later', { status: 'scheduled' })] }),
    });
    renderConsole('/content/banners?status=scheduled&search=lat');
    const table = await screen.findByRole('table', { name: 'Banners' });
    await within(table).findByRole('link', { name: 'Later' });
    expect(screen.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).queryByRole('button', { name: /Move down/ })).toBeNull();
    expect(api.calls('GET /console/banners')[0]!.query).toEqual({ status: 'scheduled', search: 'lat' });
  });
});

describe('the banner editor', () => {
  it('refuses a window that ends before it starts and a link that is no store path, then saves the Arabic alt text and the window', async () => {
    const spring = banner(1, 'Spring sale');
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/banners/1': ok({ banner: spring }),
      'PATCH /console/banners/1': ok({ banner: { ...spring, translations: { ar: { image_alt: 'زهور' } } } }, 'Banner updated'),
    });
    renderConsole('/content/banners/1');
    const link = await screen.findByLabelText('Link');
    await userEvent.clear(link);
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.type(screen.getByLabelText('Shown from'), '2026-12-24T10:00');
    await userEvent.type(screen.getByLabelText('Shown until'), '2026-12-20T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The link must be a store path starting with / or an https address.')).toBeInTheDocument();
    expect(screen.getByText('The ends at must be a date after starts at.')).toBeInTheDocument();
    expect(api.calls('PATCH /console/banners/1')).toHaveLength(0);

    await userEvent.clear(link);
    await userEvent.type(link, '/categories/home-and-living');
    await userEvent.clear(screen.getByLabelText('Shown until'));
    await userEvent.type(screen.getByLabelText('Shown until'), '2026-12-31T10:00');
    await userEvent.type(screen.getByLabelText('Picture description (alt text) in العربية'), 'زهور');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner updated')).toBeInTheDocument();
    const body = api.calls('PATCH /console/banners/1')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ link: '/categories/home-and-living', image: '/media/banner-1.webp', translations: { ar: { image_alt: 'زهور' } } });
    expect(body.starts_at).toBe(new Date('2026-12-24T10:00').toISOString());
    expect(body.ends_at).toBe(new Date('2026-12-31T10:00').toISOString());
  });
});

describe('the home page screen', () => {
  const layout: ConsoleHomeLayout = { draft: DEFAULT_HOME_LAYOUT, live: DEFAULT_HOME_LAYOUT, unpublished_changes: false };
  const categories = [
    { id: 1, name: 'Electronics', slug: 'electronics', thumbnail: '/media/e.webp', sub_categories: [] },
    { id: 2, name: 'Fashion', slug: 'fashion', thumbnail: '/media/f.webp', sub_categories: [] },
  ];

  it('moves a section up, switches one off and chooses the strip’s categories, saving the draft before publishing it', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/home-layout': ok(layout),
      'GET /categories': ok({ categories }),
      'PUT /console/home-layout': ok({ ...layout, unpublished_changes: true }, 'Draft saved'),
      'POST /console/home-layout/publish': ok(layout, 'The home page is live'),
    });
    renderConsole('/content/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Move up Best Deals' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Just For You' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Fashion' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Electronics' }));
    expect(screen.getByText('The draft has changes the storefront does not show yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The home page is live')).toBeInTheDocument();
    expect(api.calls('PUT /console/home-layout')[0]!.body).toEqual({
      sections: [
        { kind: 'categories', enabled: true },
        { kind: 'flash_sale', enabled: true },
        { kind: 'best_deals', enabled: true },
        { kind: 'popular_products', enabled: true },
        { kind: 'just_for_you', enabled: false },
        { kind: 'shops', enabled: true },
      ],
      category_ids: [2, 1],
    });
    expect(api.calls('POST /console/home-layout/publish')).toHaveLength(1);
  });

  it('signs a preview link and offers to open it', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      'GET /console/home-layout': ok(layout),
      'GET /categories': ok({ categories }),
      'POST /console/home-layout/preview-link': ok({ url: '/?home_preview=abc.def', expires_at: '2026-12-07T13:00:00.000Z' }, 'Preview link'),
    });
    renderConsole('/content/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('link', { name: 'Open the preview' })).toHaveAttribute('href', '/?home_preview=abc.def');
    expect(api.calls('PUT /console/home-layout')).toHaveLength(0);
  });
});
