import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ListingContent } from '../components/ui/listing-content.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { firstPageOf, searchOf, totalPages, withChanges } from '../features/catalog/listing-params.ts';
import { Pagination, scrollBackTo } from '../features/catalog/pagination.tsx';
import { BlogGrid } from '../features/content/blog-card.tsx';
import { BlogCategoryFilter, BlogCategoryNav, BlogSearchForm } from '../features/content/blog-filters.tsx';
import { blogListRequest, contentQueries } from '../features/content/content-queries.ts';
import { useTranslation } from '../../client/lib/i18n.ts';
import { WithUserText } from '../../client/ui/user-text.tsx';

/** `/blogs`: the posts, ten a page; the category, the search and the page live in the URL. */
export default function Blog() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const topRef = useRef<HTMLDivElement>(null);
  const { page, category, search } = blogListRequest(params);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(contentQueries.blogs({ page, category, search }));

  const filtered = category !== undefined || search !== undefined;
  const showAll = () => setParams(withChanges(params, { category: undefined, search: undefined }));
  const allCategories = () => setParams(withChanges(params, { category: undefined }));
  const categoryName = data?.categories.find((entry) => entry.slug === category)?.name;
  // A search that finds nothing in its category: how many posts it finds in the others.
  const searchedInCategory = category !== undefined && search !== undefined;
  const { data: everywhere } = useQuery({ ...contentQueries.blogs({ page: 1, search }), enabled: searchedInCategory && data?.total === 0 });
  const elsewhere = searchedInCategory && data?.total === 0 ? (everywhere?.total ?? 0) : 0;

  const content = (
    <ListingContent
      items={data?.blogs}
      isPending={isPending}
      isError={isError}
      isRefreshing={isPlaceholderData}
      renderItems={(blogs) => <BlogGrid blogs={blogs} eager={2} />}
      failedMessage={t('The posts could not be loaded.')}
      onRetry={() => void refetch()}
      emptyMessage={
        elsewhere > 0
          ? t(
              {
                one: 'No posts in {{category}} match “{{search}}” — {{count}} post in other categories',
                other: 'No posts in {{category}} match “{{search}}” — {{count}} posts in other categories',
              },
              { count: elsewhere, category: categoryName ?? category ?? '', search: search ?? '' },
            )
          : filtered
            ? t('No posts found')
            : t('No posts yet')
      }
      emptyAction={
        elsewhere > 0 ? { label: t('Search all categories'), onClick: allCategories } : filtered ? { label: t('Show all posts'), onClick: showAll } : undefined
      }
      pastEnd={data && data.total > 0 ? { message: t('No posts on this page'), firstPage: firstPageOf(params) } : undefined}
    />
  );

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={search ? <WithUserText text={t('Results for “{{search}}”')} values={{ search }} /> : (categoryName ?? t('Blogs'))} />
      <div ref={topRef} className="scroll-mt-20 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:items-start lg:gap-8">
        <aside className="mb-6 flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-4 lg:order-last lg:mb-0">
          <BlogSearchForm search={search ?? ''} onSearch={(text) => setParams(withChanges(params, { search: text || undefined }))} />
          <BlogCategoryNav
            categories={data?.categories}
            active={category}
            linkTo={(slug) => ({ search: searchOf(withChanges(params, { category: slug })) })}
          />
        </aside>
        <div className="min-w-0">
          {category !== undefined && <BlogCategoryFilter name={categoryName ?? category} onRemove={allCategories} />}
          <p role="status" className="mb-4 min-h-5 text-sm text-slate-600">
            {data && t({ one: '{{count}} post', other: '{{count}} posts' }, { count: data.total })}
          </p>
          {content}
          {data && (
            <Pagination
              page={page}
              totalPages={totalPages(data.total)}
              linkTo={(target) => ({ search: searchOf(withChanges(params, { page: target })) })}
              onNavigate={() => scrollBackTo(topRef.current)}
            />
          )}
        </div>
      </div>
    </section>
  );
}
