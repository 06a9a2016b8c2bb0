import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '../../client/lib/query-client.ts';
import { STORE_NOTICE_KEY } from '../../shared/console-sign-in.ts';
import { notify, registerToasterMount } from '../lib/toast.ts';

const StoreToaster = lazy(() => import('./toaster.tsx'));

/**
 * Mounts the toaster when the first toast asks for it: most visits never show one, and loading it
 * anyway (its styles restyle the whole page) would weigh on every page's start.
 */
function DeferredToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    registerToasterMount(() => setShow(true));
  }, []);
  return show ? (
    <Suspense>
      <StoreToaster />
    </Suspense>
  ) : null;
}

/** The providers around the storefront; `children` is the router with the pages. */
export function App({ children }: { children: ReactNode }) {
  useEffect(() => {
    const notice = sessionStorage.getItem(STORE_NOTICE_KEY);
    if (!notice) return;
    sessionStorage.removeItem(STORE_NOTICE_KEY);
    notify.success(notice);
  }, []);
  return (
    <QueryClientProvider client={queryClient()}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
