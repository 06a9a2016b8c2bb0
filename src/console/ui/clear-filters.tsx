import { useSearchParams } from 'react-router';
import { useTranslation } from '../../client/lib/i18n.ts';
import { textButtonClass } from '../../client/ui/button-styles.ts';

/** A list's "Clear filters": shown while its address holds any filter, it empties the address's query. */
export function ClearFilters() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (params.size === 0) return null;
  return (
    <button type="button" onClick={() => setParams(new URLSearchParams())} className={textButtonClass}>
      {t('Clear filters')}
    </button>
  );
}
