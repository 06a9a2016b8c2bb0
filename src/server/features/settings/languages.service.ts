import { asc, eq } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE_DISABLED_MESSAGE,
  DISABLED_LANGUAGE_DEFAULT_MESSAGE,
  type ConsoleLanguage,
  type LanguageChange,
} from '../../../shared/settings-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { languages } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { validationFailed } from '../../platform/errors.ts';
import { changeStoreSettings, readStoreSetting } from './settings.service.ts';

/** Every language the storefront ships messages for, enabled or not; the default is the store's `app_locale`. */
export async function listConsoleLanguages(db: Db): Promise<ConsoleLanguage[]> {
  const [rows, appLocale] = await Promise.all([
    db
      .select({ id: languages.id, name: languages.name, title: languages.title, direction: languages.direction, is_active: languages.isActive })
      .from(languages)
      .orderBy(asc(languages.sortOrder), asc(languages.id)),
    readStoreSetting(db, 'app_locale'),
  ]);
  return rows.map((row) => ({ ...row, is_default: row.name === appLocale }));
}

/**
 * Enables or disables a language, or makes it the store's default, with its audit rows, in one
 * transaction (the language's row locked): `language.update` for its switch, `settings.update` for
 * `app_locale`. The default is never disabled and only an enabled language becomes it, so the
 * storefront always has its default to fall back to.
 */
export async function changeLanguage(db: Db, { name, ...change }: LanguageChange, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(languages).where(eq(languages.name, name)).for('update');
    if (!row) throw validationFailed({ name: ['The selected language is invalid.'] });
    const appLocale = await readStoreSetting(tx, 'app_locale');
    const active = change.is_active ?? row.isActive;
    if (!active && (appLocale === name || change.is_default)) {
      throw validationFailed(change.is_default && appLocale !== name ? { is_default: [DISABLED_LANGUAGE_DEFAULT_MESSAGE] } : { is_active: [DEFAULT_LANGUAGE_DISABLED_MESSAGE] });
    }
    if (active !== row.isActive) {
      await tx.update(languages).set({ isActive: active }).where(eq(languages.id, row.id));
      await recordAudit(tx, audit, { action: 'language.update', entityType: 'language', entityId: name, shopId: null, before: { is_active: row.isActive }, after: { is_active: active } });
    }
    if (change.is_default && appLocale !== name) {
      await tx.update(languages).set({ isDefault: false }).where(eq(languages.isDefault, true));
      await tx.update(languages).set({ isDefault: true }).where(eq(languages.id, row.id));
      await changeStoreSettings(tx, { app_locale: name }, audit);
    }
  });
}
