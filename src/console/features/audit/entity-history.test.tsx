// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../client/test/api-stub.ts';
import type { ConsoleProduct } from '../../../shared/catalog-console.contract.ts';
import type { AuditEntry } from '../../../shared/console.contract.ts';
import { renderConsole, storeOwner } from '../../test/render-console.tsx';

const lamp: ConsoleProduct = {
  id: 7,
  shop: { id: 2, name: 'Lamp Corner' },
  name: 'Floor lamp',
  description: '',
  category_id: 3,
  sub_category_id: null,
  brand_id: null,
  unit: 'pc',
  tags: [],
  seo_title: '',
  seo_description: '',
  status: 'active',
  sku: 'LAMP',
  price: 40,
  discount_price: 0,
  tax_rate: null,
  stock: 4,
  translations: {},
  thumbnail: '',
  images: [],
  variants: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const priceChange: AuditEntry = {
  id: 4,
  action: 'product.update',
  entity_type: 'product',
  entity_id: '7',
  shop_id: 2,
  actor: { id: 1, name: 'Store Admin', role: 'owner' },
  changes: { price: { before: 35, after: 40 } },
  client_address: null,
  request_id: null,
  created_at: '2026-03-01T08:00:00.000Z',
};

const productCalls = {
  'GET /console/products/7': ok({ product: lamp }),
  'GET /categories': ok({ categories: [{ id: 3, name: 'Lighting', slug: 'lighting', thumbnail: '', sub_categories: [] }] }),
  'GET /shops': ok({ shops: [] }),
};

describe("a product's history", () => {
  it('opens under the editor and shows what the audit log holds for the product', async () => {
    const api = stubApi({ 'GET /console/me': ok(storeOwner), ...productCalls, 'GET /console/audit-log': ok({ entries: [priceChange], next_cursor: null }) });
    renderConsole('/products/7');
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByRole('table', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText('Product updated')).toBeInTheDocument();
    expect(api.calls('GET /console/audit-log')[0]!.query).toEqual({ entity_type: 'product', entity_id: '7' });
  });

  it('is not offered to someone without the audit log', async () => {
    stubApi({ 'GET /console/me': ok({ ...storeOwner, role: 'content_editor', permissions: ['catalogue.read', 'catalogue.write', 'content.write'] }), ...productCalls });
    renderConsole('/products/7');
    expect(await screen.findByRole('heading', { name: 'Floor lamp' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });
});
