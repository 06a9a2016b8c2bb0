import type { Db } from './client.ts';

/**
 * Statements built once per database and language instead of per call: a hot read otherwise pays
 * for Drizzle building its SQL and for PostgreSQL parsing and planning it on every request (issue
 * 14). `build` names its statement after the language (`product_cards_en`), so each connection
 * prepares it once and PostgreSQL may keep a generic plan for it.
 */
export function preparedPerLanguage<Statements>(build: (db: Db, locale: string) => Statements): (db: Db, locale: string) => Statements {
  const byDb = new WeakMap<Db, Map<string, Statements>>();
  return (db, locale) => {
    let byLocale = byDb.get(db);
    if (!byLocale) byDb.set(db, (byLocale = new Map()));
    let statements = byLocale.get(locale);
    if (!statements) byLocale.set(locale, (statements = build(db, locale)));
    return statements;
  };
}
