import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { textButtonClass } from '../../client/ui/button-styles.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { searchTextOf } from '../features/catalog/listing-params.ts';
import { ProductBrowser } from '../features/catalog/product-browser.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';
import { WithUserText } from '../../client/ui/user-text.tsx';

/**
 * The search text lives in two places: the settings store (the header box reads it) and the URL
 * (shareable, kept on reload). A bare /products (the header's search, the Products link) takes the
 * stored text into the URL; any other URL wins and the store follows it.
 */
function useProductSearch(): string {
  const [params, setParams] = useSearchParams();
  const stored = useSettings((state) => state.search);
  const takeStored = params.size === 0 && stored !== '';
  const search = searchTextOf(takeStored ? new URLSearchParams({ search: stored }) : params);

  useEffect(() => {
    if (takeStored) setParams({ search: stored }, { replace: true });
  }, [takeStored, stored, setParams]);

  // Only a change of the URL updates the store: the header sets the store just before it navigates,
  // and that new text must not be undone by the URL it is leaving.
  useEffect(() => {
    if (!takeStored) useSettings.getState().setSearch(search);
  }, [takeStored, search]);

  return search;
}

export default function Products() {
  const { t } = useTranslation();
  const search = useProductSearch();
  const [params, setParams] = useSearchParams();

  const clearSearch = () => {
    useSettings.getState().setSearch('');
    const next = new URLSearchParams(params);
    next.delete('search');
    next.delete('page');
    setParams(next);
  };

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={search ? <WithUserText text={t('Results for “{{search}}”')} values={{ search }} /> : t('Products')}>
        {search && (
          <button
            type="button"
            onClick={clearSearch}
            className={textButtonClass}
          >
            {t('Clear search')}
          </button>
        )}
      </PageHeading>
      <ProductBrowser scope={{ search: search || undefined }} categoryFilter />
    </section>
  );
}
