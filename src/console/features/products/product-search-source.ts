import { api } from '../../../client/lib/api-client.ts';
import { typingPause } from '../../ui/typing-pause.ts';

/**
 * The palette's product search: products whose name contains the text, and the product with that exact
 * SKU (the server finds names by part and SKUs exactly), each opening its editor. A new key aborts the
 * wait, so only the text the person stopped at is asked for.
 */
export const productSearchSource = {
  id: 'products',
  labelKey: 'Products',
  needs: 'catalogue.read',
  async search(text: string, signal: AbortSignal) {
    await typingPause(signal);
    const bySku = /^[A-Za-z0-9._-]+$/.test(text) ? api.call('GET /console/products', { query: { sku: text, limit: 5 }, signal }) : undefined;
    const [byName, skuMatch] = await Promise.all([api.call('GET /console/products', { query: { search: text, limit: 8 }, signal }), bySku]);
    const found = [...(skuMatch?.data.products ?? []), ...byName.data.products];
    return found
      .filter((product, index) => found.findIndex((other) => other.id === product.id) === index)
      .map((product) => ({ id: String(product.id), label: `${product.name} · ${product.sku}`, path: `/products/${product.id}` }));
  },
} as const;
