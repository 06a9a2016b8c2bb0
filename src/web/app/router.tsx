import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { routes, type LayoutName, type RouteEntry, type RouteName } from '../../shared/routes.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../lib/i18n.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

type Page = LazyExoticComponent<ComponentType>;

/** One lazily loaded module per page named in spec §1. */
const pages: Record<RouteName, Page> = {
  home: lazy(() => import('../pages/home.tsx')),
  shop: lazy(() => import('../pages/shop.tsx')),
  products: lazy(() => import('../pages/products.tsx')),
  categories: lazy(() => import('../pages/category.tsx')),
  'most-popular': lazy(() => import('../pages/most-popular.tsx')),
  'best-deal': lazy(() => import('../pages/best-deal.tsx')),
  'flash-sale': lazy(() => import('../pages/flash-sale.tsx')),
  'shop-detail': lazy(() => import('../pages/shop-details.tsx')),
  productDetails: lazy(() => import('../pages/product-details.tsx')),
  'category-product': lazy(() => import('../pages/category-product.tsx')),
  checkout: lazy(() => import('../pages/checkout.tsx')),
  buynow: lazy(() => import('../pages/buy-now.tsx')),
  support: lazy(() => import('../pages/support.tsx')),
  'terms-and-conditions': lazy(() => import('../pages/terms-and-conditions.tsx')),
  'privacy-policy': lazy(() => import('../pages/privacy-policy.tsx')),
  'about-us': lazy(() => import('../pages/about-us.tsx')),
  'contact-us': lazy(() => import('../pages/contact-us.tsx')),
  'policy-page': lazy(() => import('../pages/policy-page.tsx')),
  dashboard: lazy(() => import('../pages/dashboard.tsx')),
  'order-history': lazy(() => import('../pages/order-history.tsx')),
  'order-details': lazy(() => import('../pages/order-details.tsx')),
  wishlist: lazy(() => import('../pages/wishlist.tsx')),
  profile: lazy(() => import('../pages/my-profile.tsx')),
  'manage-address': lazy(() => import('../pages/manage-address.tsx')),
  'add-new-address': lazy(() => import('../pages/add-new-address.tsx')),
  'edit-address': lazy(() => import('../pages/edit-address.tsx')),
  'change-password': lazy(() => import('../pages/change-password.tsx')),
  'support-ticket': lazy(() => import('../pages/support-ticket.tsx')),
  'support-ticket-details': lazy(() => import('../pages/support-ticket-details.tsx')),
  blogs: lazy(() => import('../pages/blog.tsx')),
  'blog-details': lazy(() => import('../pages/blog-details.tsx')),
};

const AccountLayout = lazy(() => import('./layouts/account-layout.tsx'));
const BlogLayout = lazy(() => import('./layouts/blog-layout.tsx'));
const NotFound = lazy(() => import('../pages/not-found.tsx'));

/** Spec §2: '{page title} - {app name}', or only the app name when the page has no title. */
export function pageTitle(title: string | undefined, appName: string) {
  return title ? `${title} - ${appName}` : appName;
}

/** Sets the document title; pages that know a better title (a product's name) call it again. */
export function useDocumentTitle(title: string | undefined) {
  const appName = useSettings((state) => state.appName);
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}

function RoutePage({ page: Page, titleKey }: { page: Page; titleKey?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(titleKey ? t(titleKey) : undefined);
  return (
    <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
      <Page />
    </Suspense>
  );
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return null;
}

const routesOf = (layout: LayoutName) =>
  routes
    .filter((route: RouteEntry) => route.layout === layout)
    .map((route: RouteEntry) => (
      <Route
        key={route.name}
        path={route.path}
        element={<RoutePage page={pages[route.name as RouteName]} titleKey={route.titleKey} />}
      />
    ));

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<PublicLayout />}>{routesOf('public')}</Route>
          <Route element={<Suspense><AccountLayout /></Suspense>}>{routesOf('account')}</Route>
          <Route element={<Suspense><BlogLayout /></Suspense>}>{routesOf('blog')}</Route>
          <Route path="*" element={<RoutePage page={NotFound} titleKey="Page Not Found" />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
