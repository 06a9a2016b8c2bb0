import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { CategoriesMenu } from './categories-menu.tsx';
import { DownloadAppMenu } from './download-app-menu.tsx';
import { NavItemLink, useNavItems } from './nav-links.tsx';

/** Desktop only: the categories grid, the page links and the app download menu. */
export function BottomBar() {
  const { t } = useTranslation();
  const showDownloadApp = useSettings((state) => state.showDownloadApp);
  const items = useNavItems(['home', 'products', 'mostPopular', 'bestDeal', 'shops', 'blogs', 'contactUs']);
  return (
    <div className="hidden border-t border-slate-200 lg:block">
      <div className="mx-auto flex max-w-7xl items-stretch gap-6 px-4">
        <CategoriesMenu />
        <nav aria-label={t('Main menu')} className="flex-1">
          <ul className="flex h-full items-stretch gap-1">
            {items.map((item) => (
              <li key={item.label} className="flex">
                <NavItemLink
                  item={item}
                  className={(active) =>
                    `flex items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700 ${
                      active ? 'border-primary-700 text-primary-700' : 'border-transparent text-slate-700 hover:text-primary-700'
                    }`
                  }
                />
              </li>
            ))}
          </ul>
        </nav>
        {showDownloadApp && <DownloadAppMenu />}
      </div>
    </div>
  );
}
