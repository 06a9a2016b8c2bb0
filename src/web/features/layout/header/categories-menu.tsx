import { useState } from 'react';
import { Link } from 'react-router';
import { Dropdown } from '../../../components/ui/dropdown.tsx';
import { ChevronEndIcon, GridIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';

const linkClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-primary-50 hover:text-primary-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700';

/**
 * The categories grid. Pointing at (or focusing) a category shows its sub-categories beside the list;
 * they follow their category in the document so keyboard users reach them next.
 */
export function CategoriesMenu() {
  const { t } = useTranslation();
  const categories = useSettings((state) => state.categories);
  const [activeId, setActiveId] = useState<number | null>(null);
  const active = categories.find((category) => category.id === activeId) ?? categories[0];

  return (
    <Dropdown
      buttonClassName="h-full bg-primary-700 px-4 py-3 text-sm font-semibold text-white hover:bg-primary-800"
      panelClassName="w-[36rem] max-w-[calc(100vw-2rem)] p-2"
      trigger={
        <>
          <GridIcon className="size-5" />
          {t('Categories')}
        </>
      }
    >
      {categories.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-600">{t('No categories found')}</p>
      ) : (
        <ul className="grid w-1/2 gap-0.5 pe-2">
          {categories.map((category) => (
            <li key={category.id} onMouseEnter={() => setActiveId(category.id)} onFocus={() => setActiveId(category.id)}>
              <Link
                to={`/categories/${category.slug}`}
                className={`${linkClass} ${category === active ? 'bg-primary-50 text-primary-800' : ''}`}
              >
                <img src={category.thumbnail} alt="" width={32} height={32} loading="lazy" className="size-8 rounded-md object-cover" />
                <span dir="auto" className="flex-1">{category.name}</span>
                {category.sub_categories.length > 0 && <ChevronEndIcon className="size-4 rtl:rotate-180" />}
              </Link>
              {category === active && category.sub_categories.length > 0 && (
                <ul
                  aria-label={category.name}
                  className="absolute inset-y-2 end-2 w-[calc(50%-1rem)] overflow-y-auto border-s border-slate-200 ps-3"
                >
                  {category.sub_categories.map((sub) => (
                    <li key={sub.id}>
                      <Link to={`/categories/${category.id}?subcategory=${sub.id}`} className={linkClass}>
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
    </Dropdown>
  );
}
