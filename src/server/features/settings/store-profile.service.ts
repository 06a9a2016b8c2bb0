import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings, socialLinks } from '../../db/schema.ts';
import { mergedTranslations } from '../../db/translations.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import type { StoreProfile } from '../../../shared/store-profile.contract.ts';
import { readSettingRows, SETTINGS_TRANSLATIONS_KEY, storeSettingsTranslations, updateStoreSettings } from './settings.service.ts';
import { storeSettingsSchema } from './store-settings.ts';

/** The store settings a profile is made of; its translated texts and social links are kept apart. */
const profileSettingKeys = [
  'app_name',
  'web_logo',
  'web_footer_logo',
  'footer_qr',
  'mobile',
  'email',
  'address',
  'web_footer_text',
  'web_footer_description',
  'web_show_footer',
  'show_download_app',
  'google_playstore_link',
  'app_store_link',
] as const;
const translatedTexts = ['address', 'web_footer_text', 'web_footer_description'] as const;

/** The store's profile as the console edits it: every text in the default language with its translations. */
export async function readStoreProfile(db: Db): Promise<StoreProfile> {
  const [rows, links] = await Promise.all([
    readSettingRows(db),
    db.select({ name: socialLinks.name, link: socialLinks.link, logo: socialLinks.logo }).from(socialLinks).orderBy(asc(socialLinks.sortOrder), asc(socialLinks.id)),
  ]);
  const store = storeSettingsSchema.parse(rows);
  const stored = storeSettingsTranslations(rows);
  const translations = Object.fromEntries(
    translatedLocales.map((locale) => [locale, Object.fromEntries(translatedTexts.map((key) => [key, stored[locale]?.[key] ?? '']))]),
  ) as StoreProfile['translations'];
  return { ...(Object.fromEntries(profileSettingKeys.map((key) => [key, store[key]])) as Pick<StoreProfile, (typeof profileSettingKeys)[number]>), social_links: links, translations };
}

/**
 * A person's change of the store's profile, in one transaction with its audit row (`settings.update`
 * on `settings` `store`, each changed field before → after); the settings rows are locked first, so
 * two changes at once each log what they changed. The social links are replaced in the given order.
 */
export async function changeStoreProfile(db: Db, profile: StoreProfile, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ key: settings.key }).from(settings).for('update');
    const before = await readStoreProfile(tx);
    const { social_links: links, translations, ...values } = profile;
    const storedTranslations = storeSettingsTranslations(await readSettingRows(tx));
    await updateStoreSettings(tx, values);
    const translated = mergedTranslations(storedTranslations, translations);
    await tx.insert(settings).values({ key: SETTINGS_TRANSLATIONS_KEY, value: translated }).onConflictDoUpdate({ target: settings.key, set: { value: translated, updatedAt: new Date() } });
    await tx.delete(socialLinks);
    if (links.length > 0) await tx.insert(socialLinks).values(links.map((link, sortOrder) => ({ ...link, sortOrder })));
    await recordAudit(tx, audit, { action: 'settings.update', entityType: 'settings', entityId: 'store', shopId: null, before, after: profile });
  });
}
