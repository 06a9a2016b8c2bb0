// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import type { ProductReviewRow } from '../../../shared/product-review-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const row = (overrides: Partial<ProductReviewRow> = {}): ProductReviewRow => ({
  id: 11,
  status: 'pending',
  kind: 'update',
  product: { id: 40, name: 'Copper Kettle', thumbnail: '/media/kettle.webp', status: 'active' },
  proposed_name: 'Copper Kettle Deluxe',
  shop: { id: 3, name: 'Fern & Clay' },
  author: { id: 30, name: 'Fiona Fern' },
  submitted_at: '2026-03-01T08:00:00.000Z',
  reviewer: null,
  reason: null,
  decided_at: null,
  ...overrides,
});

const product = (overrides: Partial<ConsoleProduct> = {}): ConsoleProduct => ({
  id: 40,
  shop: { id: 3, name: 'Fern & Clay' },
  name: 'Copper Kettle',
  description: '<p>Boils fast.</p>',
  category_id: 1,
  sub_category_id: null,
  brand_id: null,
  unit: 'pc',
  tags: ['kitchen'],
  seo_title: '',
  seo_description: '',
  status: 'active',
  sku: 'KETTLE-1',
  price: 24.5,
  discount_price: 0,
  tax_rate: null,
  stock: 4,
  translations: {},
  thumbnail: '/media/kettle.webp',
  images: [],
  variants: [{ id: 5, color_id: null, size_id: null, sku: 'KETTLE-1', barcode: null, price: null, discount_price: null, stock: 4, images: [], is_active: true }],
  created_at: '2026-02-01T08:00:00.000Z',
  updated_at: '2026-02-01T08:00:00.000Z',
  review: null,
  ...overrides,
});

const baseRoutes = {
  'GET /console/me': ok(storeOwner),
  'GET /categories': ok({ categories: [{ id: 1, name: 'Kitchen', sub_categories: [] }] }),
  'GET /console/units': ok({ items: [] }),
  'GET /console/product-reviews/11': ok({ review: row(), current: product(), proposed: product({ name: 'Copper Kettle Deluxe', price: 29.9, stock: 0 }) }),
};

describe('the product approval page', () => {
  it('lists waiting changes a page at a time and compares a change with the product on sale, marking what changed', async () => {
    const api = stubApi({
      ...baseRoutes,
      'GET /console/product-reviews': (request) =>
        request.query.cursor === 'next' ? ok({ reviews: [row({ id: 12, kind: 'create', proposed_name: 'Fern Pot' })], next_cursor: null }) : ok({ reviews: [row()], next_cursor: 'next' }),
    });
    renderConsole('/product-approval');
    expect(await screen.findByRole('heading', { name: 'Product approval' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copper Kettle Deluxe' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Product', 'Change', 'Shop', 'Submitted by', 'Submitted']);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Fern Pot' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'New product' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.calls('GET /console/product-reviews').map((call) => call.query)).toEqual([{ status: 'pending' }, { status: 'pending', cursor: 'next' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copper Kettle Deluxe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Copper Kettle Deluxe' });
    const name = await within(dialog).findByRole('row', { name: /^Name/ });
    expect(within(name).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Copper Kettle', 'Copper Kettle Deluxe']);
    expect(within(name).getByText('Changed')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('row', { name: /^Price/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['24.50', '29.90']);
    // Stock moves through the ledger, not through approval: a variant differing only in stock is not a change.
    expect(within(within(dialog).getByRole('row', { name: /^Variants/ })).queryByText('Changed')).not.toBeInTheDocument();
    expect(within(within(dialog).getByRole('row', { name: /^Category/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Kitchen', 'Kitchen']);
  });

  it('names the brand, sub-category, unit, translations\' languages and variants\' colours and sizes of a change rather than their ids and codes', async () => {
    const item = (id: number, name: string, code: string | null = null) => ({ id, name, slug: null, image: null, code, category_id: null, translations: {}, sort_order: id, archived: false });
    const variant = product().variants[0]!;
    stubApi({
      ...baseRoutes,
      'GET /categories': ok({ categories: [{ id: 1, name: 'Kitchen', sub_categories: [{ id: 6, name: 'Kettles' }] }] }),
      'GET /console/brands': ok({ items: [item(2, 'Hearth')] }),
      'GET /console/colors': ok({ items: [item(1, 'Red', '#ff0000'), item(4, 'Black', '#000000')] }),
      'GET /console/sizes': ok({ items: [item(3, '1 l')] }),
      'GET /console/units': ok({ items: [item(1, 'pc'), { ...item(7, 'box'), translations: { ar: { name: 'علبة' } } }] }),
      'GET /console/product-reviews': ok({ reviews: [row()], next_cursor: null }),
      'GET /console/product-reviews/11': ok({
        review: row(),
        current: product(),
        proposed: product({ brand_id: 2, sub_category_id: 6, unit: 'box', translations: { ar: { name: 'غلاية نحاسية' } }, variants: [{ ...variant, color_id: 1, size_id: 3 }, { ...variant, id: 6, sku: 'KETTLE-B', color_id: 4, size_id: 3 }] }),
      }),
    });
    renderConsole('/product-approval');
    await screen.findByRole('heading', { name: 'Product approval' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copper Kettle Deluxe' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Copper Kettle Deluxe' });
    const cells = async (label: RegExp) => within(await within(dialog).findByRole('row', { name: label })).getAllByRole('cell').map((cell) => cell.textContent);
    await waitFor(async () => expect(await cells(/^Brand/)).toEqual(['—', 'Hearth']));
    expect(await cells(/^Sub-category/)).toEqual(['—', 'Kettles']);
    expect(await cells(/^Unit/)).toEqual(['pc', 'box']);
    expect(await cells(/^Translations/)).toEqual(['', 'العربية: غلاية نحاسية']);
    await waitFor(async () => expect((await cells(/^Variants/))[1]).toBe('KETTLE-1 · Red / 1 l · Product price · ActiveKETTLE-B · Black / 1 l · Product price · Active'));
  });

  it('rejects only with a reason and approves, each saying so', async () => {
    const api = stubApi({
      ...baseRoutes,
      'GET /console/product-reviews': ok({ reviews: [row()], next_cursor: null }),
      'POST /console/product-reviews/11/reject': ok({ review: row({ status: 'rejected', reason: 'Blurry pictures' }) }, 'Product change rejected'),
      'POST /console/product-reviews/11/approve': refused(409, 'This change has already been decided.'),
    });
    renderConsole('/product-approval');
    await userEvent.click(await screen.findByRole('button', { name: 'Copper Kettle Deluxe' }));
    let dialog = await screen.findByRole('dialog', { name: 'Review Copper Kettle Deluxe' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(api.calls('POST /console/product-reviews/11/reject')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Blurry pictures');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The change to Copper Kettle Deluxe is rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST /console/product-reviews/11/reject')[0]!.body).toEqual({ reason: 'Blurry pictures' });

    await userEvent.click(screen.getByRole('button', { name: 'Copper Kettle Deluxe' }));
    dialog = await screen.findByRole('dialog', { name: 'Review Copper Kettle Deluxe' });
    await within(dialog).findByRole('row', { name: /^Name/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This change has already been decided.')).toBeInTheDocument();
    expect(api.calls('POST /console/product-reviews/11/approve')).toHaveLength(1);
  });

  it('approves a change, says so, and the change leaves the queue', async () => {
    let approved = false;
    stubApi({
      ...baseRoutes,
      'GET /console/product-reviews': () => ok({ reviews: approved ? [] : [row()], next_cursor: null }),
      'POST /console/product-reviews/11/approve': () => {
        approved = true;
        return ok({ review: row({ status: 'approved' }) }, 'Product change approved');
      },
    });
    renderConsole('/product-approval');
    await userEvent.click(await screen.findByRole('button', { name: 'Copper Kettle Deluxe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Copper Kettle Deluxe' });
    await within(dialog).findByRole('row', { name: /^Name/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The change to Copper Kettle Deluxe is approved.')).toBeInTheDocument();
    expect(await screen.findByText('No product changes are waiting for approval.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered to a shop’s people', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, scope: 'shop', role: 'shop_owner', shop: { id: 3, name: 'Fern & Clay', status: 'approved' }, permissions: ['catalogue.read', 'catalogue.write'] }) });
    renderConsole('/product-approval');
    expect(await screen.findByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product approval' })).not.toBeInTheDocument();
  });
});
