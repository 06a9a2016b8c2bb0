import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { Category } from '../../shared/catalog.contract.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { Breadcrumbs } from '../features/catalog/breadcrumbs.tsx';
import { catalogQueries } from '../features/catalog/catalog-queries.ts';
import { SubCategoryChips } from '../features/catalog/category-chips.tsx';
import { readId } from '../features/catalog/listing-params.ts';
import { ProductBrowser } from '../features/catalog/product-browser.tsx';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { EntityTitle } from '../features/catalog/entity-title.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

const matches = (slugOrId: string) => (category: Category) => category.slug === slugOrId || String(category.id) === slugOrId;

/** `/categories/:slug` (a slug or an id); `?subcategory={id}` narrows it to one sub-category. */
export default function CategoryProduct() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  // The categories came with the page, so the heading and the listing need not wait for the answer.
  const known = useSettings((state) => state.categories.find(matches(slug)));
  const { data: category, error, refetch } = useQuery({ ...catalogQueries.category(slug), placeholderData: known });

  if (error) return <QueryFailure error={error} notFoundMessage={t('Category not found')} onRetry={() => void refetch()} />;

  const subCategoryId = readId(params.get('subcategory'));
  const subCategory = category?.sub_categories.find((sub) => sub.id === subCategoryId);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <EntityTitle name={category?.name} routeTitle={t('Category Products')} />
      {category ? (
        <>
          <Breadcrumbs
            items={[
              { label: t('Categories'), to: '/categories' },
              ...(subCategory ? [{ label: category.name, to: `/categories/${category.slug}` }, { label: subCategory.name }] : [{ label: category.name }]),
            ]}
          />
          <PageHeading title={subCategory ? `${category.name}: ${subCategory.name}` : category.name} />
          <SubCategoryChips category={category} activeId={subCategory?.id} />
          <ProductBrowser scope={{ category_id: category.id, sub_category_id: subCategory?.id }} />
        </>
      ) : (
        <div aria-busy="true">
          <div className="mb-10 h-8 w-48 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          <ProductGrid products={undefined} />
        </div>
      )}
    </section>
  );
}
