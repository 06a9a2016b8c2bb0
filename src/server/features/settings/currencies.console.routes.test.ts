import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCurrency } from '../../../shared/currencies-console.contract.ts';
import type { Master } from '../../../shared/settings.contract.ts';
import { auditLog } from '../../db/schema.ts';
import { signInConsoleMember } from '../../test/console-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: string;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>, authorization = owner) =>
  ctx.app.inject({ method, url: `/api/console/currencies${url}`, headers: { authorization }, payload });
const list = async () => (await call('GET', '')).json<{ data: { currencies: ConsoleCurrency[] } }>().data.currencies;
const idOf = async (code: string) => (await list()).find((currency) => currency.code === code)!.id;
const master = async () => (await ctx.app.inject({ method: 'GET', url: '/api/master' })).json<{ data: Master }>().data;
const shown = async () => Object.fromEntries((await master()).currencies.map((currency) => [currency.name, currency.rate_from_default]));
const currencyAudit = () => ctx.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'currency')).orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signInConsoleMember(ctx.app, 'owner')).authorization;
  await master(); // the storefront's copy is kept: each change below must reach it at once
});
afterAll(() => ctx.close());

describe('/api/console/currencies', () => {
  it('lists every currency with its ISO decimals', async () => {
    expect(await list()).toEqual([
      { id: expect.any(Number), code: 'USD', symbol: '$', position: 'prefix', rate: 1, decimals: 2, is_default: true, is_active: true },
      { id: expect.any(Number), code: 'EUR', symbol: '€', position: 'prefix', rate: 0.92, decimals: 2, is_default: false, is_active: true },
      { id: expect.any(Number), code: 'GBP', symbol: '£', position: 'prefix', rate: 0.79, decimals: 2, is_default: false, is_active: true },
      { id: expect.any(Number), code: 'BDT', symbol: '৳', position: 'suffix', rate: 117.5, decimals: 2, is_default: false, is_active: true },
    ]);
  });

  it('adds a currency by its ISO code, decimals from the code, audited, and the storefront offers it at once', async () => {
    const added = await call('POST', '', { code: 'jpy', symbol: '¥', position: 'prefix', rate: 150.5 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ message: 'Currency added', data: { currency: { id: expect.any(Number), code: 'JPY', symbol: '¥', position: 'prefix', rate: 150.5, decimals: 0, is_default: false, is_active: true } } });
    expect((await master()).currencies.at(-1)).toMatchObject({ name: 'JPY', symbol: '¥', rate_from_default: 150.5, decimals: 0 });
    expect((await currencyAudit()).at(-1)).toMatchObject({
      action: 'currency.create',
      changes: { code: { after: 'JPY' }, symbol: { after: '¥' }, position: { after: 'prefix' }, rate: { after: 150.5 }, is_default: { after: false }, is_active: { after: true } },
    });
  });

  it('refuses bad input under its fields and adds nothing', async () => {
    const refused = await call('POST', '', { code: 'XYZ', symbol: '', position: 'middle', rate: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      code: ['The code must be an ISO 4217 currency code.'],
      symbol: ['The symbol field is required.'],
      position: ['The selected position is invalid.'],
      rate: ['The rate must be greater than 0.'],
    });
    const precise = await call('POST', '', { code: 'CHF', symbol: 'Fr', position: 'suffix', rate: 0.1234567 });
    expect(precise.json().errors).toEqual({ rate: ['The rate must have at most 6 decimal places.'] });
    const huge = await call('POST', '', { code: 'CHF', symbol: 'Fr', position: 'suffix', rate: 1e13 });
    expect(huge.json().errors).toEqual({ rate: ['The rate must not be greater than 999999999999.'] });
    const taken = await call('POST', '', { code: 'eur', symbol: '€', position: 'prefix', rate: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: ['The code has already been taken.'] });
    expect((await list()).map((currency) => currency.code)).toEqual(['USD', 'EUR', 'GBP', 'BDT', 'JPY']);
  });

  it('edits a currency, audited, and keeps the default at rate 1', async () => {
    const eur = await idOf('EUR');
    const edited = await call('PATCH', `/${eur}`, { symbol: 'EUR ', position: 'suffix', rate: 0.95 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.currency).toMatchObject({ code: 'EUR', symbol: 'EUR', position: 'suffix', rate: 0.95 });
    expect((await master()).currencies.find((currency) => currency.name === 'EUR')).toMatchObject({ symbol: 'EUR', position: 'suffix', rate_from_default: 0.95 });
    expect((await currencyAudit()).at(-1)).toMatchObject({
      action: 'currency.update',
      entityId: String(eur),
      changes: { symbol: { before: '€', after: 'EUR' }, position: { before: 'prefix', after: 'suffix' }, rate: { before: 0.92, after: 0.95 } },
    });

    const defaultRate = await call('PATCH', `/${await idOf('USD')}`, { symbol: '$', position: 'prefix', rate: 2 });
    expect(defaultRate.statusCode).toBe(422);
    expect(defaultRate.json().errors).toEqual({ rate: ["The default currency's rate must be 1."] });
    const missing = await call('PATCH', '/999999', { symbol: '$', position: 'prefix', rate: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Currency not found' });
  });

  it('retires a currency from the storefront and restores it, never the default', async () => {
    const gbp = await idOf('GBP');
    const retired = await call('POST', `/${gbp}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ message: 'Currency retired', data: { currency: { code: 'GBP', is_active: false } } });
    expect(Object.keys(await shown())).not.toContain('GBP');
    expect((await list()).find((currency) => currency.code === 'GBP')?.is_active).toBe(false);

    const restored = await call('POST', `/${gbp}/restore`);
    expect(restored.json()).toMatchObject({ message: 'Currency restored', data: { currency: { code: 'GBP', is_active: true } } });
    expect(Object.keys(await shown())).toContain('GBP');
    expect((await currencyAudit()).slice(-2).map((row) => [row.action, row.changes])).toEqual([
      ['currency.retire', { is_active: { before: true, after: false } }],
      ['currency.restore', { is_active: { before: false, after: true } }],
    ]);

    const refused = await call('POST', `/${await idOf('USD')}/retire`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ is_active: ['The default currency cannot be retired.'] });
  });

  it('makes another currency the default, every rate re-expressed to it, and the storefront and orders follow', async () => {
    const eur = await idOf('EUR');
    const made = await call('POST', `/${eur}/make-default`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe('Default currency changed');
    const rates = Object.fromEntries(made.json<{ data: { currencies: ConsoleCurrency[] } }>().data.currencies.map((currency) => [currency.code, [currency.rate, currency.is_default]]));
    // One euro was 1/0.95 dollars: what one currency is worth in another stays.
    expect(rates).toEqual({ USD: [1.052632, false], EUR: [1, true], GBP: [0.831579, false], BDT: [123.684211, false], JPY: [158.421053, false] });
    const storefront = await master();
    expect(storefront.currency).toMatchObject({ name: 'EUR', is_default: true, rate_from_default: 1 });
    expect(await shown()).toMatchObject({ USD: 1.052632, EUR: 1 });
    expect((await currencyAudit()).at(-1)).toMatchObject({ action: 'currency.make_default', entityId: String(eur), changes: { is_default: { before: false, after: true }, rate: { before: 0.95, after: 1 } } });

    const jpy = await idOf('JPY');
    await call('POST', `/${jpy}/retire`);
    const retiredDefault = await call('POST', `/${jpy}/make-default`);
    expect(retiredDefault.statusCode).toBe(422);
    expect(retiredDefault.json().errors).toEqual({ is_default: ['A retired currency cannot be the default.'] });
    expect((await master()).currency.name).toBe('EUR');
  });

  it('is refused to staff without the settings permission', async () => {
    const manager = (await signInConsoleMember(ctx.app, 'catalogue_manager')).authorization;
    const refused = await call('POST', '', { code: 'CHF', symbol: 'Fr', position: 'suffix', rate: 1 }, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});
