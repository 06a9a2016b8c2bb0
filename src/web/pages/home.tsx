import { useTranslation } from '../lib/i18n.ts';
import { Link } from 'react-router';
import { useSettings } from '../features/settings/settings-store.ts';

export default function Home() {
  const { t } = useTranslation();
  const categories = useSettings((state) => state.categories);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="sr-only">{t('Home')}</h1>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('Categories')}</h2>
      <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 lg:grid-cols-8">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`/categories/${category.slug}`} className="flex flex-col items-center gap-2 rounded-lg bg-white p-3 text-center text-sm shadow-sm hover:shadow">
              <img src={category.thumbnail} alt="" width={64} height={64} className="size-16 rounded-full" />
              <span>{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
