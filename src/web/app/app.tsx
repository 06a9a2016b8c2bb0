import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { registerToasterMount } from '../lib/toast.ts';

const StoreToaster = lazy(() => import('./toaster.tsx'));

/** Mounts the toaster once the page is idle, or at once when a toast is asked for before that. */
function DeferredToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const mount = () => setShow(true);
    registerToasterMount(mount);
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(mount);
  }, []);
  return show ? (
    <Suspense>
      <StoreToaster />
    </Suspense>
  ) : null;
}

/** The providers around the storefront; `children` is the router with the pages. */
export function App({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
