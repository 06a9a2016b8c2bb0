import { afterAll, beforeAll, expect, it } from 'vitest';
import { addProducts, variantsOf } from '../../test/catalog-fixtures.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { stockLedgerDisagreements } from '../inventory/inventory.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('lets only one of two adjustments at once take the last units: the stock never goes below 0', async () => {
  const { authorization } = await signInConsoleMember(ctx.app, 'catalogue_manager');
  const [productId] = await addProducts(ctx.database.db, [{ name: 'Contended Stock', stock: 5 }]);
  const [variant] = await variantsOf(ctx.database.db, productId!);
  const adjust = () =>
    ctx.app.inject({ method: 'POST', url: `/api/console/products/${productId}/variants/${variant!.id}/stock`, headers: { authorization }, payload: { change: -4, reason: 'adjustment' } });
  const answers = await Promise.all([adjust(), adjust()]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  expect(answers.find((answer) => answer.statusCode === 422)!.json().errors).toEqual({ change: ['The stock cannot go below 0.'] });
  expect((await variantsOf(ctx.database.db, productId!))[0]!.stock).toBe(1);
  expect(await stockLedgerDisagreements(ctx.database.db)).toEqual([]);
});
