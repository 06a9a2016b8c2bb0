// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import type { ConsoleProductRow } from '../../../shared/catalog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const productRow = (id: number, name: string): ConsoleProductRow => ({
  id,
  name,
  thumbnail: '/media/lamp.jpg',
  sku: `SKU-${id}`,
  status: 'draft',
  price: 12.5,
  discount_price: 0,
  stock: 4,
  category_id: 3,
  shop: { id: 2, name: 'Lamp Corner' },
  created_at: '2026-01-01T00:00:00.000Z',
});

const catalogueChoices = {
  'GET /categories': ok({ categories: [{ id: 3, name: 'Lighting', slug: 'lighting', thumbnail: '', sub_categories: [] }] }),
  'GET /shops': ok({ shops: [] }),
};

/** Two pages: the first leads on with cursor `c2`. */
const twoPages = ({ query }: SeenRequest) =>
  query.cursor === 'c2'
    ? ok({ products: [productRow(3, 'Desk lamp')], next_cursor: null, estimated_total: 3 })
    : ok({ products: [productRow(1, 'Floor lamp'), productRow(2, 'Wall lamp')], next_cursor: 'c2', estimated_total: 3 });

const rowNames = () => within(screen.getByRole('table')).getAllByRole('link').map((link) => link.textContent);

describe('the products list', () => {
  it('asks the server with the filters of the address, and keeps a changed filter in it', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...catalogueChoices, 'GET /console/products': twoPages });
    renderConsole('/products?status=draft&category_id=3&search=lamp');
    expect(await screen.findByRole('link', { name: 'Floor lamp' })).toBeInTheDocument();
    expect(api.calls('GET /console/products')[0]!.query).toEqual({ status: 'draft', category_id: '3', search: 'lamp' });
    expect(screen.getByRole('button', { name: 'Draft' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('lamp');
    expect(screen.getByText('Products: 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    await screen.findByRole('button', { name: 'Active', pressed: true });
    expect(api.calls('GET /console/products').at(-1)!.query).toEqual({ status: 'active', category_id: '3', search: 'lamp' });

    await userEvent.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'SKU');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'SKU-2{Enter}');
    await expect.poll(() => api.calls('GET /console/products').at(-1)!.query).toEqual({ status: 'active', category_id: '3', sku: 'SKU-2' });
  });

  it('goes to the next page with its cursor and back to the first without one; a row opens the editor', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      ...catalogueChoices,
      'GET /console/products': twoPages,
      'GET /console/products/3': ok({ product: { ...productRow(3, 'Desk lamp'), description: '', sub_category_id: null, brand_id: null, unit: 'pc', tags: [], seo_title: '', seo_description: '', translations: {}, images: [], variants: [], updated_at: '' } }),
    });
    renderConsole('/products');
    await screen.findByRole('link', { name: 'Floor lamp' });
    expect(rowNames()).toEqual(['Floor lamp', 'Wall lamp']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Desk lamp' })).toBeInTheDocument();
    expect(api.calls('GET /console/products').at(-1)!.query).toEqual({ cursor: 'c2' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Floor lamp' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByText('SKU-3'));
    expect(await screen.findByRole('heading', { name: 'Desk lamp' })).toBeInTheDocument();
  });

  it('says when nothing matches, and shows a large count as an estimate', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...catalogueChoices, 'GET /console/products': ok({ products: [], next_cursor: null, estimated_total: 0 }) });
    renderConsole('/products?status=archived');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();

    api.answer({ 'GET /console/products': ok({ products: [productRow(1, 'Floor lamp')], next_cursor: 'c2', estimated_total: 125000 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Products: about 125,000')).toBeInTheDocument();
  });
});
