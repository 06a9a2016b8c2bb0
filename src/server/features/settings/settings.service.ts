import { listFooterPages } from '../content/content-console.service.ts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import type { Caches } from '../../platform/caches.ts';
import { currencyDecimals } from '../../../shared/money.ts';
import { countries, currencies, languages, paymentGateways, settings, socialLinks } from '../../db/schema.ts';
import { localized, localizedTexts } from '../../db/translations.ts';
import type { Country, Currency, Language, Master } from '../../../shared/settings.contract.ts';
import { storeSettingsSchema, type StoreSettingKey, type StoreSettings } from './store-settings.ts';

export async function readSettingRows(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

// A half-edited settings table is a deployment bug; failing loudly beats serving a broken storefront.
export async function readStoreSettings(db: Db): Promise<StoreSettings> {
  return storeSettingsSchema.parse(await readSettingRows(db));
}

/**
 * One store setting as the store has it now, read in the caller's transaction (a stock move's, a
 * return's): one row by its key, so the caller pays a primary-key lookup, not the whole settings table.
 */
export async function readStoreSetting<Key extends StoreSettingKey>(tx: Db, key: Key): Promise<StoreSettings[Key]> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return storeSettingsSchema.shape[key].parse(row?.value) as StoreSettings[Key];
}

export const readLowStockThreshold = (tx: Db): Promise<number> => readStoreSetting(tx, 'low_stock_threshold');

/** `/api/master` in `locale` as this instance keeps it: for the route, and for every page's head in the store's own language. */
export function keptMaster(app: FastifyInstance, locale: string): Promise<Master> {
  // The footer's links are the store's pages: a page's write invalidates it too.
  const region = app.caches.region<Master>('master', { freshMs: 60_000, staleMs: 300_000, maxBytes: 1024 * 1024, tags: [cacheTags.settings, cacheTags.content] });
  return region.get(locale, () => readMaster(app.database.db, app.config.appEnv, app.paymentGateways, locale));
}

/** The store's settings as this instance keeps them (decision 022): read again a minute on, or at once after a settings write. */
export function keptStoreSettings(caches: Caches, db: Db): Promise<StoreSettings> {
  const region = caches.region<StoreSettings>('store-settings', { freshMs: 60_000, maxBytes: 64 * 1024, tags: [cacheTags.settings] });
  return region.get('settings', () => readStoreSettings(db));
}

/**
 * The settings texts shoppers read, in other languages (decision 019): the `translations` row holds
 * `{ ar: { web_footer_text: '…' }, … }`, the same shape as a table row's `translations`.
 */
export const SETTINGS_TRANSLATIONS_KEY = 'translations';
const translatableSettings = ['address', 'web_footer_text', 'web_footer_description'] as const;
const settingsTranslationsSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** The settings texts in other languages (`{ ar: { address: '…' } }`), as stored. */
export const storeSettingsTranslations = (rows: Record<string, unknown>) => settingsTranslationsSchema.parse(rows[SETTINGS_TRANSLATIONS_KEY] ?? {});

/** The store settings with their texts in `locale`, each falling back to the default language's. */
async function readLocalizedStoreSettings(db: Db, locale: string): Promise<StoreSettings> {
  const rows = await readSettingRows(db);
  const store = storeSettingsSchema.parse(rows);
  const translations = storeSettingsTranslations(rows);
  const texts = Object.fromEntries(translatableSettings.map((key) => [key, store[key]]));
  return { ...store, ...localizedTexts(texts, translations, locale) };
}

/** Saves the given settings; the rest keep their values. */
export async function updateStoreSettings(db: Db, values: Partial<StoreSettings>) {
  for (const [key, given] of Object.entries(values)) {
    // A setting may be null (no free delivery threshold): JSON's null, as the value column never holds SQL's NULL.
    const value = given === null ? sql`'null'::jsonb` : given;
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }
}

/**
 * A person's change of store settings: saved with its audit row (`settings.update` on `settings`
 * `store`, each changed setting before → after, as the store had it, defaults included) in one
 * transaction, the settings rows locked so two changes at once log what each really changed.
 */
export async function changeStoreSettings(db: Db, values: Partial<StoreSettings>, audit: AuditContext): Promise<void> {
  const keys = Object.keys(values) as StoreSettingKey[];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(settings).where(inArray(settings.key, keys)).for('update');
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const before = Object.fromEntries(keys.map((key) => [key, storeSettingsSchema.shape[key].parse(stored[key])]));
    await updateStoreSettings(tx, values);
    await recordAudit(tx, audit, { action: 'settings.update', entityType: 'settings', entityId: 'store', shopId: null, before, after: values });
  });
}

export async function listCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.sortOrder), asc(currencies.id));
  const defaultRate = Number(rows.find((row) => row.isDefault)?.rate ?? 1);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    position: row.position,
    rate: Number(row.rate),
    rate_from_default: Number((Number(row.rate) / defaultRate).toFixed(6)),
    decimals: currencyDecimals(row.name),
    is_default: row.isDefault,
  }));
}

export async function listLanguages(db: Db): Promise<Language[]> {
  const rows = await db
    .select({ id: languages.id, name: languages.name, title: languages.title, direction: languages.direction })
    .from(languages)
    .where(eq(languages.isActive, true))
    .orderBy(asc(languages.sortOrder), asc(languages.id));
  return rows;
}

/**
 * The /master data, its texts in `locale`. `paymentMethods` names the gateways this installation can run, so a method the
 * owner switched on but never configured (Stripe without keys) is not offered to shoppers.
 */
export async function readMaster(
  db: Db,
  appEnvironment: Master['app_environment'],
  paymentMethods: { has(name: string): boolean },
  locale: string,
): Promise<Master> {
  const [{ product_approval: _productApproval, sellers_moderate_reviews: _sellersModerateReviews, ...store }, currencyList, languageList, links, gateways, footerPages] = await Promise.all([
    readLocalizedStoreSettings(db, locale),
    listCurrencies(db),
    listLanguages(db),
    db.select({ id: socialLinks.id, name: socialLinks.name, link: socialLinks.link, logo: socialLinks.logo })
      .from(socialLinks)
      .orderBy(asc(socialLinks.sortOrder), asc(socialLinks.id)),
    db.select({ id: paymentGateways.id, name: paymentGateways.name, title: localized(paymentGateways, 'title', locale), logo: paymentGateways.logo })
      .from(paymentGateways)
      .where(eq(paymentGateways.isActive, true))
      .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.id)),
    listFooterPages(db, locale),
  ]);
  const currency = currencyList.find((entry) => entry.is_default) ?? currencyList[0];
  if (!currency) throw new Error('The store has no active currency');
  return {
    ...store,
    seller_registration: store.multi_vendor && store.seller_registration,
    currency,
    currencies: currencyList,
    languages: languageList,
    social_links: links,
    payment_gateways: gateways.filter((gateway) => paymentMethods.has(gateway.name)),
    app_environment: appEnvironment,
    footer_pages: footerPages,
  };
}

export async function findLanguage(db: Db, locale: string): Promise<Language | undefined> {
  const list = await listLanguages(db);
  return list.find((language) => language.name === locale);
}

export async function listCountries(db: Db): Promise<Country[]> {
  return db
    .select({ id: countries.id, name: countries.name, code: countries.code, phone_code: countries.phoneCode })
    .from(countries)
    .orderBy(asc(countries.name));
}
