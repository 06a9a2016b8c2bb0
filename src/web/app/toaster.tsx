import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { DEFAULT_TOAST_MS, MAX_TOASTS } from '../../shared/constants.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { toasterMounted } from '../lib/toast.ts';

/** Spec §9: 5000 ms, at most 20; bottom-left, bottom-right in right-to-left languages. */
export default function StoreToaster() {
  const direction = useSettings((state) => state.langDirection);
  useEffect(toasterMounted, []);
  return (
    <Toaster
      position={direction === 'rtl' ? 'bottom-right' : 'bottom-left'}
      dir={direction}
      duration={DEFAULT_TOAST_MS}
      visibleToasts={MAX_TOASTS}
      richColors
      closeButton
    />
  );
}
