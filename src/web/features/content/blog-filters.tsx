import { useId, useState, type FormEvent } from 'react';
import { Link, type To } from 'react-router';
import type { BlogList } from '../../../shared/content.contract.ts';
import { CloseIcon, SearchIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { MAX_BLOG_SEARCH_LENGTH } from './content-queries.ts';

/** The API refuses longer search texts (content contract). */

/** The blog's search box; it shows the search in the URL and hands a new one to `onSearch`. */
export function BlogSearchForm({ search, onSearch }: { search: string; onSearch(text: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  // Follow the URL when it changes (Back, a category link): React's "adjust state on prop change".
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    setText(search);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form role="search" aria-label={t('Search posts')} onSubmit={submit} className="flex w-full">
      <input
        type="search"
        name="search"
        value={text}
        maxLength={MAX_BLOG_SEARCH_LENGTH}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('Search posts')}
        placeholder={t('Search posts...')}
        className="h-10 min-w-0 flex-1 rounded-s-md border border-e-0 border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary-700 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
      />
      <button
        type="submit"
        aria-label={t('Search')}
        className="flex h-10 w-11 shrink-0 items-center justify-center rounded-e-md bg-primary-700 text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        <SearchIcon className="size-5" />
      </button>
    </form>
  );
}

interface BlogCategoryNavProps {
  categories: BlogList['categories'] | undefined;
  /** The chosen category's slug; undefined for all posts. */
  active: string | undefined;
  linkTo(slug: string | undefined): To;
}

/** The blog's categories with their post counts; the chosen one is marked as the current page. */
export function BlogCategoryNav({ categories, active, linkTo }: BlogCategoryNavProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const itemClass = (current: boolean) =>
    `flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-700 ${
      current ? 'bg-primary-50 font-semibold text-primary-900' : 'text-slate-700 hover:bg-slate-50 hover:text-primary-800'
    }`;
  const total = categories?.reduce((sum, category) => sum + category.count, 0);

  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-base font-semibold text-slate-900">
        {t('Categories')}
      </h2>
      <ul className="flex flex-col gap-0.5">
        <li>
          <Link to={linkTo(undefined)} aria-current={active === undefined ? 'page' : undefined} className={itemClass(active === undefined)}>
            {t('All posts')}
            {total !== undefined && <span className="text-xs text-slate-600">{total}</span>}
          </Link>
        </li>
        {categories?.map((category) => (
          <li key={category.id}>
            <Link
              to={linkTo(category.slug)}
              aria-current={active === category.slug ? 'page' : undefined}
              className={itemClass(active === category.slug)}
            >
              <span dir="auto">{category.name}</span>
              <span className="text-xs text-slate-600">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The chosen category as a filter the reader can see and take off (a search within it keeps it). */
export function BlogCategoryFilter({ name, onRemove }: { name: string; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-1 ps-3 pe-1 text-primary-900">
        <span>
          {t('Category')}: <span dir="auto">{name}</span>
        </span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('Remove the category {{name}}', { name })}
          className="rounded-full p-1 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-700"
        >
          <CloseIcon className="size-4" />
        </button>
      </span>
    </p>
  );
}
