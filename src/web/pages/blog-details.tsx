import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { BlogDetails as Details } from '../../shared/content.contract.ts';
import { Breadcrumbs } from '../features/catalog/breadcrumbs.tsx';
import { EntityTitle } from '../features/catalog/entity-title.tsx';
import { QueryFailure } from '../features/catalog/query-failure.tsx';
import { Section } from '../features/catalog/product-section.tsx';
import { BlogDate, BlogGrid } from '../features/content/blog-card.tsx';
import { blogCategoryPath, contentQueries } from '../features/content/content-queries.ts';
import { RichText } from '../features/content/rich-text.tsx';
import { useTranslation } from '../../client/lib/i18n.ts';

const pageClass = 'mx-auto w-full max-w-7xl px-4 py-8';

/** `/blog/:slug`: one post, its date and category, and three more to read. */
export default function BlogDetails() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const { data, error, refetch } = useQuery(contentQueries.blog(slug, search.get('preview') ?? undefined));

  return (
    <>
      <EntityTitle name={data?.blog.title} routeTitle={t('Blog Details')} />
      {error ? (
        <QueryFailure error={error} notFoundMessage={t('Post not found')} onRetry={() => void refetch()} />
      ) : data ? (
        <PostView key={data.blog.id} details={data} />
      ) : (
        <PostSkeleton />
      )}
    </>
  );
}

function PostView({ details: { blog, related } }: { details: Details }) {
  const { t } = useTranslation();
  return (
    <div className={pageClass}>
      <Breadcrumbs items={[{ label: t('Blogs'), to: '/blogs' }, { label: blog.title }]} />
      <article className="mx-auto max-w-3xl">
        <header className="mb-6">
          <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Link
              to={blogCategoryPath(blog.category.slug)}
              className="rounded-full bg-primary-50 px-3 py-0.5 font-semibold text-primary-900 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              {blog.category.name}
            </Link>
            <BlogDate iso={blog.published_at} className="text-slate-600" />
          </div>
          <h1 dir="auto" className="text-start text-2xl leading-tight font-semibold text-slate-900 sm:text-4xl">{blog.title}</h1>
          {blog.excerpt && (
            <p dir="auto" className="mt-3 text-start text-lg text-slate-600">
              {blog.excerpt}
            </p>
          )}
        </header>
        <img
          src={blog.thumbnail}
          alt=""
          width={1200}
          height={675}
          fetchPriority="high"
          className="mb-6 aspect-video w-full rounded-lg bg-slate-100 object-cover"
        />
        <RichText html={blog.content_html} />
      </article>
      {related.length > 0 && (
        <Section title={t('Related Posts')} className="mt-6 border-t border-slate-200 pt-8">
          <BlogGrid blogs={related} headingLevel="h3" />
        </Section>
      )}
    </div>
  );
}

function PostSkeleton() {
  const { t } = useTranslation();
  const line = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';
  return (
    <div aria-busy="true" className={pageClass}>
      <h1 className="sr-only">{t('Blog Details')}</h1>
      <div className={`mb-4 h-5 w-64 ${line}`} />
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <div className={`h-5 w-40 ${line}`} />
        <div className={`h-10 w-3/4 ${line}`} />
        <div className={`aspect-video w-full ${line}`} />
        <div className={`h-24 w-full ${line}`} />
      </div>
    </div>
  );
}
