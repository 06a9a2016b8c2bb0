import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';

/** The query word of the page shown: the server's `next_cursor` of the page before it. */
export const CURSOR = 'cursor';

/** A page after the first keeps, in its history entry, the cursors of the pages before it (null: the first page). */
interface PageTrail {
  pagesBefore: Array<string | null>;
}
const isTrail = (state: unknown): state is PageTrail => typeof state === 'object' && state !== null && Array.isArray((state as PageTrail).pagesBefore);

/** Which page of a console list is shown, as kept in its address (`?cursor=`). */
export interface UrlPage {
  /** Undefined: the first page. */
  cursor: string | undefined;
  /** Shows the page that starts at the server's `next_cursor`. */
  next(cursor: string): void;
  /** Shows the page before; a page opened without its trail (a bookmark, a shared link) goes to the first. */
  previous(): void;
  /** Opened without its trail: "Previous" would show the first page, so it says so. */
  trailLost: boolean;
}

/**
 * The page of a console list in its address: every move is a new history entry, so Back, reload and a
 * bookmark show the same page. The cursors of the pages before it ride in the history entry (the
 * browser keeps it over a reload) rather than in the address, which stays one cursor long.
 */
export function useUrlPage(): UrlPage {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const cursor = params.get(CURSOR) || undefined;
  const pagesBefore = cursor !== undefined && isTrail(state) ? state.pagesBefore : [];
  const show = (target: string | null | undefined, trail: PageTrail['pagesBefore']) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target) next.set(CURSOR, target);
        else next.delete(CURSOR);
        return next;
      },
      { state: { pagesBefore: trail } satisfies PageTrail },
    );
  return {
    cursor,
    next: (target) => show(target, [...pagesBefore, cursor ?? null]),
    previous: () => show(pagesBefore.at(-1), pagesBefore.slice(0, -1)),
    trailLost: cursor !== undefined && pagesBefore.length === 0,
  };
}

/** A record's id in the address (`?shop_id=3`); anything else is left out rather than sent to be refused. */
export const positiveId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

/** The address's query for a list's filters: empty ones are left out, so the address stays short. */
export function searchOf(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

/**
 * A console list's state, all of it in the address: its filters (search, tabs and sort too), read by
 * the feature's own `read` (what is not a valid filter is left out rather than sent to be refused),
 * and its page. A change of filter starts again at the first page.
 */
export function useUrlList<Filters extends object>(read: (params: URLSearchParams) => Filters) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  return {
    filters,
    /** Whether any filter is set: the empty list says "none match" rather than "none yet". */
    filtered: searchOf(filters).size > 0,
    setFilters: (change: Partial<Filters>) => setParams(searchOf({ ...filters, ...change })),
    page: useUrlPage(),
  };
}

/** "Previous" and "Next" under a console list: shown while there is another page, "Next" waiting while one loads. */
export function Pager({ page, list }: { page: UrlPage; list: { data?: { next_cursor: string | null }; isPlaceholderData: boolean } }) {
  const { t } = useTranslation();
  const nextCursor = list.data?.next_cursor;
  if (page.cursor === undefined && !nextCursor) return null;
  return (
    <nav aria-label={t('Pages')} className="flex items-center justify-end gap-2">
      <button type="button" disabled={page.cursor === undefined} onClick={page.previous} className={secondaryButtonClass}>
        {page.trailLost ? t('First page') : t('Previous')}
      </button>
      <button type="button" disabled={!nextCursor || list.isPlaceholderData} onClick={() => nextCursor && page.next(nextCursor)} className={secondaryButtonClass}>
        {t('Next')}
      </button>
    </nav>
  );
}
