import { useTranslation } from '../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../client/ui/button-styles.ts';

/** The part of an infinite query a "Load more" button needs. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** A console list's "Load more": shown while the list has older pages, waiting while one loads. */
export function LoadMore({ pages }: { pages: NextPages }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <div>
      <button type="button" className={secondaryButtonClass} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {t('Load more')}
      </button>
    </div>
  );
}
