import { Outlet } from 'react-router';
import { CartPanel } from '../../features/cart/cart-panel.tsx';
import { CartTab, cartTabRoomClass, useCartTabShown } from '../../features/cart/cart-tab.tsx';
import { DeferredFooter } from '../../features/layout/footer/deferred-footer.tsx';
import { Header } from '../../features/layout/header/header.tsx';

export function PublicLayout() {
  const tabRoom = useCartTabShown() ? cartTabRoomClass : '';
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      {/* A screen tall at least: the footer starts below the fold, so content that arrives later never shifts it. */}
      {/* Room for the cart tab at the end edge; the header and footer keep their full-width bands (the tab sits below the header, and the footer makes room inside its band). */}
      <main id="main" tabIndex={-1} className={`min-h-dvh flex-1 focus:outline-none ${tabRoom}`}>
        <Outlet />
      </main>
      <DeferredFooter contentClassName={tabRoom} />
      <CartPanel />
      <CartTab />
    </div>
  );
}
