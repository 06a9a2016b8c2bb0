import { Outlet } from 'react-router';
import { CartPanel } from '../../features/cart/cart-panel.tsx';
import { CartTab, cartTabRoomClass, useCartTabShown } from '../../features/cart/cart-tab.tsx';
import { DeferredFooter } from '../../features/layout/footer/deferred-footer.tsx';
import { Header } from '../../features/layout/header/header.tsx';

export function PublicLayout() {
  const tabShown = useCartTabShown();
  return (
    <div className={`flex min-h-screen flex-col ${tabShown ? cartTabRoomClass : ''}`}>
      <Header />
      {/* A screen tall at least: the footer starts below the fold, so content that arrives later never shifts it. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <DeferredFooter />
      <CartPanel />
      <CartTab />
    </div>
  );
}
