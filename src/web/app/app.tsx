import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { registerToasterMount } from '../lib/toast.ts';
import { AppRouter } from './router.tsx';

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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
