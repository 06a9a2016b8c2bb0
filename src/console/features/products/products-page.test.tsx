// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, setMessages } from '../../../client/lib/i18n.ts';
import { ok, refused, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import type { ConsoleProductRow } from '../../../shared/catalog-console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';
import { showConsoleIn, useConsoleLanguage } from '../language/console-language.ts';

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
  'GET /categories': ok({
    categories: [
      { id: 3, name: 'Lighting', slug: 'lighting', thumbnail: '', sub_categories: [] },
      { id: 4, name: 'Furniture', slug: 'furniture', thumbnail: '', sub_categories: [{ id: 9, name: 'Desks', slug: 'desks', thumbnail: '' }] },
    ],
  }),
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
      'GET /console/products/3': ok({ product: { ...productRow(3, 'Desk lamp'), description: '', sub_category_id: null, brand_id: null, unit: 'pc', tags: [], seo_title: '', seo_description: '', tax_rate: null, translations: {}, images: [], variants: [], updated_at: '' } }),
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

  it('opens a page kept in the address (a bookmark, a reload) with its filters, and goes from it to the first page', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...catalogueChoices, 'GET /console/products': twoPages });
    renderConsole('/products?status=active&cursor=c2');
    expect(await screen.findByRole('link', { name: 'Desk lamp' })).toBeInTheDocument();
    expect(api.calls('GET /console/products')[0]!.query).toEqual({ status: 'active', cursor: 'c2' });
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByRole('link', { name: 'Floor lamp' })).toBeInTheDocument();
    expect(api.calls('GET /console/products').at(-1)!.query).toEqual({ status: 'active' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name, A to Z');
    await expect.poll(() => api.calls('GET /console/products').at(-1)!.query).toEqual({ status: 'active', sort: 'name' });
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

describe('the bulk actions', () => {
  const changed = (count: number) => ({ body: { message: 'Products updated', data: { changed: count, ids: [] } } });

  it('ticks rows (or the whole page), publishes them at once and says how many changed', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...catalogueChoices, 'GET /console/products': twoPages, 'POST /console/products/bulk': changed(2) });
    renderConsole('/products');
    await screen.findByRole('link', { name: 'Floor lamp' });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Floor lamp' }));
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('1 product selected');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument(); // the tick did not open the product
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('2 products selected');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('2 products changed')).toBeInTheDocument();
    expect(api.calls('POST /console/products/bulk')[0]!.body).toEqual({ ids: [1, 2], action: 'publish' });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Floor lamp' })).not.toBeChecked();
  });

  it('moves to a category and sub-category chosen in a dialog, and asks before archiving', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...catalogueChoices, 'GET /console/products': twoPages, 'POST /console/products/bulk': changed(1) });
    renderConsole('/products');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Wall lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to category' }));
    const move = await screen.findByRole('dialog', { name: 'Move to category' });
    await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await within(move).findByText('The category id field is required.')).toBeInTheDocument();
    await userEvent.selectOptions(within(move).getByRole('combobox', { name: 'Category' }), 'Furniture');
    await userEvent.selectOptions(within(move).getByRole('combobox', { name: 'Sub-category' }), 'Desks');
    await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('1 product changed')).toBeInTheDocument();
    expect(api.calls('POST /console/products/bulk')[0]!.body).toEqual({ ids: [2], action: 'move', category_id: 4, sub_category_id: 9 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Wall lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const archive = await screen.findByRole('dialog', { name: 'Archive the selected products?' });
    await userEvent.click(within(archive).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST /console/products/bulk')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await expect.poll(() => api.calls('POST /console/products/bulk').at(-1)!.body).toEqual({ ids: [2], action: 'archive' });
  });

  it('adjusts prices by a percent and shows a refusal under the field', async () => {
    const api = stubApi({
      'GET /console/me': ok(storeOwner),
      ...catalogueChoices,
      'GET /console/products': twoPages,
      'POST /console/products/bulk': refused(422, 'The prices of Floor lamp would fall below 0.01.', { percent: ['The prices of Floor lamp would fall below 0.01.'] }),
    });
    renderConsole('/products');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Floor lamp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adjust price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust price' });
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Percent' }), '-99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('The prices of Floor lamp would fall below 0.01.')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Percent' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /console/products/bulk')[0]!.body).toEqual({ ids: [1], action: 'adjust_price', percent: -99 });
  });

  it('offers no ticks and no new product to a person who may only read the catalogue', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'support_agent', permissions: ['catalogue.read'] }), ...catalogueChoices, 'GET /console/products': twoPages });
    renderConsole('/products');
    await screen.findByRole('link', { name: 'Floor lamp' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New product' })).not.toBeInTheDocument();
  });
});

describe('the products list in Arabic', () => {
  afterEach(() => {
    setMessages({});
    applyDocumentLanguage('en', 'ltr');
    useConsoleLanguage.setState({ locale: 'en' });
  });

  it("shows each product's name and its shop's in their own direction, so a Latin name keeps its end punctuation at its end", async () => {
    stubApi({
      'GET /console/me': ok(storeOwner),
      ...catalogueChoices,
      'GET /console/products': ok({ products: [{ ...productRow(1, 'Galaxy Book4 Pro 16"'), shop: { id: 2, name: 'Glow Beauty Co.' } }], next_cursor: null, estimated_total: 1 }),
      'GET /lang/ar': { body: { Products: 'المنتجات', Shop: 'المتجر' } },
    });
    await showConsoleIn('ar');
    renderConsole('/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'المنتجات' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Galaxy Book4 Pro 16"' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('columnheader', { name: 'المتجر' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Glow Beauty Co.').tagName).toBe('BDI');
  });
});
