import { Suspense, useEffect, useLayoutEffect, type ComponentType, type ReactElement } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { matchRoute, notFoundPage, routes, type LayoutName, type RouteEntry } from '../../shared/routes.ts';
import { pageTitle } from '../features/settings/document-title.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { queryClient } from '../../client/lib/query-client.ts';
import { PageReady } from '../../client/ui/page-ready.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';

type Page = ComponentType;

/** One lazily loaded chunk per page module of docs/product/storefront.md §1 (`src/web/pages/*.tsx`). */
const pageModules = import.meta.glob<{ default: ComponentType }>('../pages/*.tsx');

function lazyPage(page: string): Page {
  const load = pageModules[`../pages/${page}.tsx`];
  if (!load) throw new Error(`No page module src/web/pages/${page}.tsx`);
  return lazyComponent(load);
}

const pages = new Map<string, Page>(routes.map((route) => [route.name, lazyPage(route.page)]));

const AccountLayout = lazyComponent(() => import('./layouts/account-layout.tsx'));
const BlogLayout = lazyComponent(() => import('./layouts/blog-layout.tsx'));
const NotFound = lazyPage(notFoundPage);

function RoutePage({ page: Page, titleKey }: { page: Page; titleKey?: string }) {
  const { t } = useTranslation();
  const appName = useSettings((state) => state.appName);
  const title = titleKey ? t(titleKey) : undefined;
  // A layout effect runs before the page's own effects, so a page that knows a better title
  // (a product's name) sets it last.
  useLayoutEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
  return (
    <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
      <Page />
      <PageReady />
    </Suspense>
  );
}

/** Loads the next page's data (its route loader) while its code loads, instead of after the page has rendered. */
function LoadRouteData() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    void import('./route-loaders.ts').then(({ loadPageData }) => loadPageData(pathname + search, queryClient()));
  }, [pathname, search]);
  return null;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const layoutElements: Record<LayoutName, ReactElement | undefined> = {
  public: <PublicLayout />,
  account: <Suspense><AccountLayout /></Suspense>,
  blog: <Suspense><BlogLayout /></Suspense>,
  bare: undefined,
};

/** The root layout, then the page's own layout (none for a bare page), then the page. */
function branchTo(page: RouteObject, layout: LayoutName): RouteObject[] {
  const layoutElement = layoutElements[layout];
  return [{ element: <RootLayout />, children: [layoutElement ? { element: layoutElement, children: [page] } : page] }];
}

const branches = new Map<string, RouteObject[]>(
  routes.map((route: RouteEntry) => [
    route.name,
    branchTo({ path: route.path, element: <RoutePage page={pages.get(route.name)!} titleKey={route.titleKey} /> }, route.layout),
  ]),
);
const notFoundBranch = branchTo({ path: '*', element: <RoutePage page={NotFound} titleKey="Page Not Found" /> }, 'bare');

/**
 * The page tree; the browser wraps it in a BrowserRouter, the server's pre-render in a StaticRouter.
 * React Router is given only the branch the path takes (found by the route table's own matcher,
 * as the server's status and head are): matching the whole table on every render was a noticeable
 * share of a page's server render (docs/benchmarks.md at 7ae58e4, session 16).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const page = useRoutes((match && branches.get(match.route.name)) ?? notFoundBranch);
  return (
    <>
      <ScrollToTop />
      <LoadRouteData />
      {page}
    </>
  );
}
