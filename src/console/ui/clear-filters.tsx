import { useSearchParams } from 'react-router';
import { useTranslation } from '../../client/lib/i18n.ts';
import { textButtonClass } from '../../client/ui/button-styles.ts';
import { CURSOR } from './url-list.tsx';

/** A list's "Clear filters": shown while its address holds any filter (a page is not one), it empties the address's query. */
export function ClearFilters() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if ([...params.keys()].every((key) => key === CURSOR)) return null;
  return (
    <button type="button" onClick={() => setParams(new URLSearchParams())} className={textButtonClass}>
      {t('Clear filters')}
    </button>
  );
}
