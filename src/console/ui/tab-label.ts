import { formatNumber, type useTranslation } from '../../client/lib/i18n.ts';
import { TAB_COUNT_EXACT_BELOW } from '../../shared/list-pages.ts';

/** A list tab's name with its count; at the bound the count is the planner's estimate, so it says "about". */
export function tabLabel(name: string, count: number | undefined, t: ReturnType<typeof useTranslation>['t']) {
  if (count === undefined) return name;
  return count >= TAB_COUNT_EXACT_BELOW ? t('{{status}} (about {{count}})', { status: name, count: formatNumber(count) }) : t('{{status}} ({{count}})', { status: name, count: formatNumber(count) });
}

/** What a list's "All" tab counts: every status's rows. */
export const countOfAll = <Status extends string>(statuses: readonly Status[], counts: Record<Status, number>) => statuses.reduce((sum, status) => sum + counts[status], 0);
