import { useQuery } from '@tanstack/react-query';
import { useDateFormat } from '../../lib/date.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { EntityTitle } from '../catalog/entity-title.tsx';
import { QueryFailure } from '../catalog/query-failure.tsx';
import { contentQueries } from './content-queries.ts';
import { RichText } from './rich-text.tsx';

const pageClass = 'mx-auto w-full max-w-4xl px-4 py-8';

interface StorePageProps {
  slug: string;
  /** The route's own title, shown while the page loads. */
  routeTitle: string;
}

/** A page of the store from `GET /api/pages/{slug}`: Terms & Conditions, Privacy Policy, About Us and the owner's own pages. */
export function StorePage({ slug, routeTitle }: StorePageProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { data: page, error, refetch } = useQuery(contentQueries.page(slug));

  if (error) {
    return (
      <>
        <EntityTitle name={undefined} routeTitle={routeTitle} />
        <QueryFailure error={error} notFoundMessage={t('Page not found')} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!page) {
    const line = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';
    return (
      <div aria-busy="true" className={pageClass}>
        <h1 className="mb-6 text-2xl font-semibold text-slate-900 sm:text-3xl">{routeTitle}</h1>
        <div className="flex flex-col gap-3">
          <div className={`h-4 w-full ${line}`} />
          <div className={`h-4 w-11/12 ${line}`} />
          <div className={`h-4 w-4/5 ${line}`} />
        </div>
      </div>
    );
  }
  return (
    <article className={pageClass}>
      <EntityTitle name={page.title} routeTitle={routeTitle} />
      <header className="mb-4 border-b border-slate-200 pb-4">
        <h1 dir="auto" className="text-start text-2xl font-semibold text-slate-900 sm:text-3xl">
          {page.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {t('Last updated: {{date}}', { date: formatDate(page.updated_at, { dateStyle: 'long' }) })}
        </p>
      </header>
      <RichText html={page.content_html} />
    </article>
  );
}
