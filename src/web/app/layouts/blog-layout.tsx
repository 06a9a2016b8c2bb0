import { Outlet } from 'react-router';
import { CartPanel } from '../../features/cart/cart-panel.tsx';
import { DeferredFooter } from '../../features/layout/footer/deferred-footer.tsx';
import { Header } from '../../features/layout/header/header.tsx';

/** Blog pages keep the header in view while reading and have no floating cart tab. */
export default function BlogLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="sticky top-0 z-30">
        <Header />
      </div>
      {/* A screen tall at least: the footer starts below the fold, so content that arrives later never shifts it. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      <DeferredFooter />
      <CartPanel />
    </div>
  );
}
