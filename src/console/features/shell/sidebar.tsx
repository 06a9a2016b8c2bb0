import { NavLink } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsolePage } from '../navigation/console-navigation.ts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-700 ${
    isActive ? 'bg-primary-50 text-primary-900' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** The pages this person may open, in the console's order. */
export function Sidebar({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation();
  return (
    <aside className="border-b border-slate-200 bg-white md:border-e md:border-b-0">
      <p className="px-6 py-4 text-lg font-semibold text-slate-900">{t('Console')}</p>
      <nav aria-label={t('Console pages')} className="px-3 pb-4">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {pages.map((page) => (
            <li key={page.id}>
              <NavLink to={page.path} end={page.path === '/'} className={linkClass}>
                {t(page.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
