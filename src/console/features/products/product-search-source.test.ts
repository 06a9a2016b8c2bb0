// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ok, stubApi, type SeenRequest } from '../../../client/test/api-stub.ts';
import { productSearchSource } from './product-search-source.ts';

const row = (id: number, name: string, sku: string) => ({ id, name, sku, thumbnail: '', status: 'active', price: 1, discount_price: 0, stock: 1, category_id: 1, shop: { id: 1, name: 'Shop' }, created_at: '' });

describe("the palette's product search", () => {
  it('finds products by name and by exact SKU, each once, opening its editor', async () => {
    const api = stubApi({
      'GET /console/products': ({ query }: SeenRequest) =>
        ok({ products: query.sku ? [row(2, 'Desk lamp', 'LAMP-2')] : [row(1, 'Lamp-2 shade', 'SHADE'), row(2, 'Desk lamp', 'LAMP-2')], next_cursor: null, estimated_total: 2 }),
    });
    const found = await productSearchSource.search('LAMP-2', new AbortController().signal);
    expect(found).toEqual([
      { id: '2', label: 'Desk lamp · LAMP-2', path: '/products/2' },
      { id: '1', label: 'Lamp-2 shade · SHADE', path: '/products/1' },
    ]);
    expect(api.calls('GET /console/products').map((call) => call.query)).toEqual([{ sku: 'LAMP-2', limit: '5' }, { search: 'LAMP-2', limit: '8' }]);
  });

  it('asks nothing when the text changes before the pause is over', async () => {
    const api = stubApi({});
    const typing = new AbortController();
    const search = productSearchSource.search('desk', typing.signal);
    typing.abort();
    await expect(search).rejects.toBeDefined();
    expect(api.calls('GET /console/products')).toEqual([]);
  });
});
