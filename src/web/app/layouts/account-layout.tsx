import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AccountSidebar } from '../../features/account/account-sidebar.tsx';
import { useAuth } from '../../features/session/session-store.ts';
import { CartPanel } from '../../features/cart/cart-panel.tsx';
import { CopyrightLine } from '../../features/layout/footer/footer.tsx';
import { Header } from '../../features/layout/header/header.tsx';
import { useTranslation } from '../../../client/lib/i18n.ts';

/** The account area; a shopper with no user is sent home, on entry and whenever the session ends. */
export default function AccountLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);

  useEffect(() => {
    if (!user) void navigate('/', { replace: true });
  }, [user, navigate]);

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 content-start gap-6 px-4 py-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        {user && (
          <>
            <AccountSidebar user={user} />
            <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
              <Outlet />
            </main>
          </>
        )}
      </div>
      <footer className="border-t border-slate-200 bg-white">
        <CopyrightLine fallback={t('All rights reserved.')} className="mx-auto max-w-7xl px-4 py-4 text-center text-sm text-slate-600" />
      </footer>
      <CartPanel />
    </div>
  );
}
