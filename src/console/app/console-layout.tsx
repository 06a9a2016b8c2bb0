import { useCallback, useState, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from '../../client/lib/i18n.ts';
import type { ConsoleMe } from '../../shared/console.contract.ts';
import { CommandPalette } from '../features/command-palette/command-palette.tsx';
import { useConsoleShortcuts } from '../features/command-palette/keyboard-shortcuts.ts';
import { consoleSearchSources, sourcesAllowed } from '../features/command-palette/palette-search.ts';
import { AuditLogPage } from '../features/audit/audit-log-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { MyShopPage } from '../features/my-shop/my-shop-page.tsx';
import { pagesAllowed, type ConsolePage } from '../features/navigation/console-navigation.ts';
import { ComingSoonPage, NoSuchPage } from '../features/navigation/placeholder-pages.tsx';
import { directionOf, useConsoleLanguage } from '../features/language/console-language.ts';
import { SettingsSection } from '../features/settings/settings-section.tsx';
import { StoreProfilePage } from '../features/settings/store-profile-page.tsx';
import { ShopsPage } from '../features/shops/shops-page.tsx';
import { ThemePage } from '../features/theme/theme-page.tsx';
import { ReturnsSection } from '../features/returns/returns-section.tsx';
import { OrdersSection } from '../features/orders/orders-section.tsx';
import { CustomersSection } from '../features/customers/customers-section.tsx';
import { ReviewsPage } from '../features/reviews/reviews-page.tsx';
import { ProductApprovalPage } from '../features/product-approval/product-approval-page.tsx';
import { ProductsSection } from '../features/products/products-section.tsx';
import { Sidebar } from '../features/shell/sidebar.tsx';
import { TopBar } from '../features/shell/top-bar.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { StockPage } from '../features/stock/stock-page.tsx';
import { VouchersPage } from '../features/vouchers/vouchers-page.tsx';
import { WithdrawalsPage } from '../features/withdrawals/withdrawals-page.tsx';
import { TaxonomyPage } from '../features/taxonomy/taxonomy-page.tsx';
import { ContentSection } from '../features/content/content-section.tsx';
import { TicketsSection } from '../features/tickets/tickets-section.tsx';
import { BlogSection } from '../features/blog/blog-section.tsx';
import { FlashSalesSection } from '../features/flash-sales/flash-sales-section.tsx';
import { EarningsSection } from '../features/earnings/earnings-section.tsx';
import { Toaster } from '../ui/toast.tsx';

/** The screens built so far, by page id; the others say they are coming. */
function pageScreen(page: ConsolePage, me: ConsoleMe): ReactNode {
  switch (page.id) {
    case 'dashboard':
      return <DashboardPage me={me} />;
    case 'shops':
      return <ShopsPage />;
    case 'product-approval':
      return <ProductApprovalPage />;
    case 'reviews':
      return <ReviewsPage storeWide={me.scope === 'store'} />;
    case 'my-shop':
      return <MyShopPage me={me} />;
    case 'staff':
      return <StaffPage me={me} />;
    case 'audit-log':
      return <AuditLogPage />;
    case 'theme':
      return <ThemePage />;
    case 'store-profile':
      return <StoreProfilePage />;
    case 'stock':
      return <StockPage me={me} />;
    case 'vouchers':
      return <VouchersPage me={me} />;
    case 'withdrawals':
      return <WithdrawalsPage me={me} />;
    case 'categories':
    case 'brands':
    case 'colors':
    case 'sizes':
    case 'units':
      return <TaxonomyPage kind={page.id} me={me} />;
    default:
      return <ComingSoonPage page={page} />;
  }
}

/** The signed-in console: the sidebar and the routes of the pages this person may open, the top bar, the palette. */
export function ConsoleLayout({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const pages = pagesAllowed(me);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const direction = directionOf(useConsoleLanguage((state) => state.locale));
  useConsoleShortcuts(useCallback(() => setPaletteOpen((open) => !open), []));

  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('Skip to content')}
      </a>
      <Sidebar pages={pages} />
      <div className="flex min-w-0 flex-col">
        <TopBar me={me} pages={pages} onOpenPalette={() => setPaletteOpen(true)} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6">
          <Routes>
            {pages.map((page) =>
              page.id === 'products' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<ProductsSection me={me} />} />
              ) : page.id === 'orders' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<OrdersSection me={me} />} />
              ) : page.id === 'returns' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<ReturnsSection />} />
              ) : page.id === 'customers' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<CustomersSection />} />
              ) : page.id === 'blog' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<BlogSection />} />
              ) : page.id === 'earnings' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<EarningsSection me={me} />} />
              ) : page.id === 'flash-sales' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<FlashSalesSection me={me} />} />
              ) : page.id === 'content' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<ContentSection />} />
              ) : page.id === 'settings' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<SettingsSection />} />
              ) : page.id === 'tickets' ? (
                <Route key={page.id} path={`${page.path}/*`} element={<TicketsSection me={me} />} />
              ) : (
                <Route key={page.id} path={page.path} element={pageScreen(page, me)} />
              ),
            )}
            <Route path="*" element={<NoSuchPage />} />
          </Routes>
        </main>
      </div>
      <Toaster direction={direction} />
      {/* Opened by a keyboard shortcut as well as the top bar's button, so its open state is the layout's rather than a trigger's. */}
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} pages={pages} sources={sourcesAllowed(consoleSearchSources, me.permissions)} />
    </div>
  );
}
