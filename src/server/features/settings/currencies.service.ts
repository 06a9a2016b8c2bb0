import { asc, eq, max } from 'drizzle-orm';
import {
  CURRENCY_CODE_TAKEN,
  CURRENCY_NOT_FOUND,
  DEFAULT_CURRENCY_RATE,
  DEFAULT_CURRENCY_RETIRED,
  MAX_CURRENCY_RATE,
  RATE_DECIMALS,
  RATES_OUT_OF_RANGE,
  RETIRED_CURRENCY_DEFAULT,
  type ConsoleCurrency,
  type CurrencyCreate,
  type CurrencyUpdate,
} from '../../../shared/currencies-console.contract.ts';
import { currencyDecimals } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { currencies } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { refusingTaken } from '../../platform/database-errors.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';

type CurrencyRow = typeof currencies.$inferSelect;

const asConsoleCurrency = (row: CurrencyRow): ConsoleCurrency => ({
  id: row.id,
  code: row.name,
  symbol: row.symbol,
  position: row.position,
  rate: Number(row.rate),
  decimals: currencyDecimals(row.name),
  is_default: row.isDefault,
  is_active: row.isActive,
});

/** What the audit log keeps of a currency: its fields as the console names them. */
const audited = ({ code, symbol, position, rate, is_default, is_active }: ConsoleCurrency) => ({ code, symbol, position, rate, is_default, is_active });

/** A rate as numeric(18, 6) keeps it. */
const storedRate = (rate: number): string => rate.toFixed(RATE_DECIMALS);

/** Every currency, retired ones too, in the storefront's order. */
export async function listConsoleCurrencies(db: Db): Promise<ConsoleCurrency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sortOrder), asc(currencies.id));
  return rows.map(asConsoleCurrency);
}

async function lockedCurrency(tx: Db, id: number): Promise<CurrencyRow> {
  const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
  if (!row) throw notFound(CURRENCY_NOT_FOUND);
  return row;
}

/** A new currency, last in the list; its code is taken once, retired or not. */
export async function createCurrency(db: Db, input: CurrencyCreate, context: AuditContext): Promise<ConsoleCurrency> {
  return refusingTaken(
    () =>
      inRetriedTransaction(db, async (tx) => {
        const [taken] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.name, input.code));
        if (taken) throw validationFailed({ code: [CURRENCY_CODE_TAKEN] });
        const [{ last } = { last: 0 }] = await tx.select({ last: max(currencies.sortOrder) }).from(currencies);
        const [row] = await tx
          .insert(currencies)
          .values({ name: input.code, symbol: input.symbol, position: input.position, rate: storedRate(input.rate), sortOrder: (last ?? 0) + 1 })
          .returning();
        const currency = asConsoleCurrency(row!);
        await recordAudit(tx, context, { action: 'currency.create', entityType: 'currency', entityId: currency.id, shopId: null, before: null, after: audited(currency) });
        return currency;
      }),
    (constraint) => (constraint.includes('name') ? { code: [CURRENCY_CODE_TAKEN] } : undefined),
  );
}

/** Its symbol, symbol position and rate; the default's rate stays 1, as every other rate is to it. */
export async function updateCurrency(db: Db, id: number, input: CurrencyUpdate, context: AuditContext): Promise<ConsoleCurrency> {
  return inRetriedTransaction(db, async (tx) => {
    const row = await lockedCurrency(tx, id);
    if (row.isDefault && input.rate !== 1) throw validationFailed({ rate: [DEFAULT_CURRENCY_RATE] });
    const [changed] = await tx
      .update(currencies)
      .set({ symbol: input.symbol, position: input.position, rate: storedRate(input.rate) })
      .where(eq(currencies.id, id))
      .returning();
    const currency = asConsoleCurrency(changed!);
    await recordAudit(tx, context, { action: 'currency.update', entityType: 'currency', entityId: id, shopId: null, before: audited(asConsoleCurrency(row)), after: audited(currency) });
    return currency;
  });
}

/** Retires a currency (shoppers no longer see it) or brings it back; the default is never retired. */
export async function setCurrencyActive(db: Db, id: number, active: boolean, context: AuditContext): Promise<ConsoleCurrency> {
  return inRetriedTransaction(db, async (tx) => {
    const row = await lockedCurrency(tx, id);
    if (row.isActive === active) return asConsoleCurrency(row);
    if (!active && row.isDefault) throw validationFailed({ is_active: [DEFAULT_CURRENCY_RETIRED] });
    await tx.update(currencies).set({ isActive: active }).where(eq(currencies.id, id));
    await recordAudit(tx, context, {
      action: active ? 'currency.restore' : 'currency.retire',
      entityType: 'currency',
      entityId: id,
      shopId: null,
      before: { is_active: row.isActive },
      after: { is_active: active },
    });
    return asConsoleCurrency({ ...row, isActive: active });
  });
}

/**
 * Makes an active currency the default, and re-expresses every rate to it (decision 057): each is
 * divided by the new default's rate, so the new default's is 1 and what one currency is worth in
 * another stays as it was. Prices are amounts in the default currency and are not converted.
 */
export async function makeCurrencyDefault(db: Db, id: number, context: AuditContext): Promise<ConsoleCurrency[]> {
  await inRetriedTransaction(db, async (tx) => {
    // Every row locked, in id order, so two changes of the default at once run one after the other.
    const rows = await tx.select().from(currencies).orderBy(asc(currencies.id)).for('update');
    const chosen = rows.find((row) => row.id === id);
    if (!chosen) throw notFound(CURRENCY_NOT_FOUND);
    if (chosen.isDefault) return;
    if (!chosen.isActive) throw validationFailed({ is_default: [RETIRED_CURRENCY_DEFAULT] });
    const base = Number(chosen.rate);
    const rates = rows.map((row) => (row.id === id ? 1 : Number(storedRate(Number(row.rate) / base))));
    if (rates.some((rate) => rate <= 0 || rate > MAX_CURRENCY_RATE)) throw validationFailed({ is_default: [RATES_OUT_OF_RANGE] });
    for (const [index, row] of rows.entries()) {
      await tx.update(currencies).set({ isDefault: row.id === id, rate: storedRate(rates[index]!) }).where(eq(currencies.id, row.id));
    }
    await recordAudit(tx, context, {
      action: 'currency.make_default',
      entityType: 'currency',
      entityId: id,
      shopId: null,
      before: { is_default: false, rate: base },
      after: { is_default: true, rate: 1 },
    });
  });
  return listConsoleCurrencies(db);
}
