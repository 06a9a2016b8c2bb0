import { Link } from 'react-router';
import { EmptyState } from '../../client/ui/empty-state.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { categoryPath } from '../features/catalog/category-chips.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

/** Every category with its sub-categories. */
export default function Category() {
  const { t } = useTranslation();
  const categories = useSettings((state) => state.categories);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Categories')} />
      {categories.length === 0 ? (
        <EmptyState message={t('No categories found')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {categories.map((category) => (
            <li key={category.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <Link
                to={categoryPath(category.slug)}
                className="flex items-center gap-3 rounded-md font-semibold text-slate-900 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
              >
                <img src={category.thumbnail} alt="" width={56} height={56} decoding="async" className="size-14 rounded-full bg-slate-100 object-cover" />
                <h2 dir="auto" className="text-lg">{category.name}</h2>
              </Link>
              {category.sub_categories.length > 0 && (
                <ul aria-label={category.name} className="flex flex-wrap gap-2">
                  {category.sub_categories.map((sub) => (
                    <li key={sub.id}>
                      <Link
                        to={categoryPath(category.slug, sub.id)}
                        className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-primary-700 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
                      >
                        <bdi>{sub.name}</bdi>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
