import { useState } from 'react';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { BottomBar } from './bottom-bar.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import { MainBar } from './main-bar.tsx';
import { TopBar } from './top-bar.tsx';

/** The store header of docs/product/storefront.md §2: top bar, main bar and (on desktop) the bottom bar. */
export function Header() {
  const { t } = useTranslation();
  // Lives here, not in the menus, so the confirmation outlasts the menu that asked for it.
  const [logoutOpen, setLogoutOpen] = useState(false);
  const openLogout = () => setLogoutOpen(true);
  return (
    <header className="bg-white shadow-sm">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-primary-700 focus:shadow"
      >
        {t('Skip to content')}
      </a>
      <TopBar />
      <MainBar onLogout={openLogout} />
      <BottomBar />
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </header>
  );
}
