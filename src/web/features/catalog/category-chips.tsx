import { Link, useSearchParams } from 'react-router';
import type { Category } from '../../../shared/catalog.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';

/** A category's page; `subcategory` picks one of its sub-categories (docs/product/storefront.md §2). */
export const categoryPath = (slugOrId: string | number, subCategoryId?: number) =>
  `/categories/${slugOrId}${subCategoryId ? `?subcategory=${subCategoryId}` : ''}`;

const chipClass =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700';
const idle = 'border-slate-300 bg-white text-slate-700 hover:border-primary-700 hover:text-primary-800';
const current = 'border-primary-700 bg-primary-700 font-semibold text-white';

/** "All" and each sub-category of a category; choosing one starts its listing afresh (the sort stays). */
export function SubCategoryChips({ category, activeId }: { category: Category; activeId: number | undefined }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (category.sub_categories.length === 0) return null;

  const linkTo = (id: number | undefined) => {
    const next = new URLSearchParams();
    if (id) next.set('subcategory', String(id));
    const sort = params.get('sort_type');
    if (sort) next.set('sort_type', sort);
    return { search: next.size > 0 ? `?${next}` : '' };
  };
  const chips = [{ id: undefined, name: t('All') }, ...category.sub_categories];

  return (
    <nav aria-label={t('Sub-categories')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.id ?? 'all'}>
            <Link
              to={linkTo(chip.id)}
              aria-current={chip.id === activeId ? 'true' : undefined}
              className={`${chipClass} ${chip.id === activeId ? current : idle}`}
            >
              <bdi>{chip.name}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
