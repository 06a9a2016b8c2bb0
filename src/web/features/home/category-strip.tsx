import { Link } from 'react-router';
import { Section } from '../catalog/product-section.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';

/** The categories the home layout names (`categoryIds`, in its order; all of them without it), from the settings the page arrived with. */
export function CategoryStrip({ categoryIds }: { categoryIds?: readonly number[] }) {
  const { t } = useTranslation();
  const all = useSettings((state) => state.categories);
  const categories = categoryIds ? categoryIds.flatMap((id) => all.filter((category) => category.id === id)) : all;
  if (categories.length === 0) return null;
  return (
    <Section title={t('Categories')} viewAllTo="/categories">
      <ul className="flex gap-3 overflow-x-auto pb-1 sm:grid sm:grid-cols-4 sm:overflow-visible lg:grid-cols-8">
        {categories.map((category) => (
          <li key={category.id} className="w-24 shrink-0 sm:w-auto">
            <Link
              to={`/categories/${category.slug}`}
              className="flex h-full flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-3 text-center text-sm text-slate-800 hover:border-primary-700 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              <img src={category.thumbnail} alt="" width={64} height={64} decoding="async" className="size-14 rounded-full bg-slate-100 object-cover sm:size-16" />
              <span dir="auto" className="line-clamp-2">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
