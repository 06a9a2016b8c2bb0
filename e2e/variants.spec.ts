import type { APIRequestContext } from '@playwright/test';
import type { ProductVariant } from '../src/shared/catalog.contract.ts';
import { expect, test } from './fixtures.ts';
import { registerShopper, startSignedIn } from './shoppers.ts';
import { apiData } from './store-api.ts';

/**
 * A seeded product in colours and sizes where one colour has a sold-out size, and a colour (maybe
 * the same) sells two sizes at different prices (the demo seed prices the largest size up).
 */
async function productWithSoldOutSize(request: APIRequestContext) {
  const { products } = await apiData(request, 'GET /products', { query: { per_page: 100 } });
  for (const card of products.filter((entry) => entry.colors.length > 0 && entry.sizes.length >= 3 && entry.quantity > 0)) {
    const { product } = await apiData(request, 'GET /products/:id', { params: { id: card.id } });
    const sizeName = (variant: ProductVariant) => product.sizes.find((size) => size.id === variant.size_id)!.name;
    const colorOf = (variant: ProductVariant) => product.colors.find((color) => color.id === variant.color_id)!;
    const soldOut = product.variants.find((variant) => variant.stock === 0);
    const selling = product.variants.filter((variant) => variant.stock > 0);
    const cheaper = selling.find((variant) => selling.some((other) => other.color_id === variant.color_id && other.price > variant.price));
    const dearer = cheaper && selling.find((variant) => variant.color_id === cheaper.color_id && variant.price > cheaper.price);
    if (soldOut && cheaper && dearer) {
      return {
        product,
        soldOut: { color: colorOf(soldOut), size: sizeName(soldOut) },
        color: colorOf(cheaper),
        cheaper: { ...cheaper, size: sizeName(cheaper) },
        dearer: { ...dearer, size: sizeName(dearer) },
      };
    }
  }
  throw new Error('the seed has no product with a sold-out size beside sizes at two prices');
}

test('the product page greys out a sold-out size, follows the chosen variant and adds two variants as two lines', async ({ page, request }) => {
  const { product, color, soldOut, cheaper, dearer } = await productWithSoldOutSize(request);
  const shopper = await registerShopper(request, 'Variant Shopper');
  await startSignedIn(page, shopper);
  await page.goto(`/products/${product.id}/details`);
  const summary = page.getByTestId('product-summary');
  await expect(summary.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  const colors = summary.getByRole('group', { name: 'Color' });
  await colors.getByRole('radio', { name: soldOut.color.name, exact: true }).check({ force: true });
  const sizes = summary.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio', { name: new RegExp(`^${soldOut.size}\\W+Sold out$`) })).toBeDisabled();

  await colors.getByRole('radio', { name: color.name, exact: true }).check({ force: true });

  await sizes.getByText(cheaper.size, { exact: true }).click();
  await expect(page.getByTestId('product-sku')).toHaveText(cheaper.sku);
  await expect(page.getByTestId('product-price')).toContainText(cheaper.price.toFixed(2));
  await summary.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('has been added to cart')).toBeVisible();

  await sizes.getByText(dearer.size, { exact: true }).click();
  await expect(page.getByTestId('product-sku')).toHaveText(dearer.sku);
  await expect(page.getByTestId('product-price')).toContainText(dearer.price.toFixed(2));
  await expect(page.getByTestId('product-price')).not.toContainText(cheaper.price.toFixed(2));
  await summary.getByRole('button', { name: 'Add to Cart' }).click();

  await expect
    .poll(async () => {
      const cart = await apiData(request, 'GET /carts', { authorization: shopper.authorization });
      return cart.cart_items.flatMap((group) => group.products).map((line) => [line.id, line.variant_id, line.quantity]);
    })
    .toEqual([
      [product.id, cheaper.id, 1],
      [product.id, dearer.id, 1],
    ]);
});
