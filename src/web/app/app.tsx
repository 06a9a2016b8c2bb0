import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_MS, MAX_TOASTS } from '../../shared/constants.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRouter } from './router.tsx';

export function App() {
  const direction = useSettings((state) => state.langDirection);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster
        position={direction === 'rtl' ? 'bottom-right' : 'bottom-left'}
        dir={direction}
        duration={DEFAULT_TOAST_MS}
        visibleToasts={MAX_TOASTS}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
