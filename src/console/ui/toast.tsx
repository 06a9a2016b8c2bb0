import { Toaster as Toasts, toast } from 'sonner';
import { useTranslation } from '../../client/lib/i18n.ts';

/**
 * Says what an action did, for a few seconds (a failure until closed), in the toasts' live region
 * every screen shares. A failure already shown and not closed is not shown twice: retries that fail
 * alike (the store unreachable) would otherwise pile up messages to close one by one.
 */
export function showToast(message: string, tone: 'success' | 'error' = 'success') {
  if (tone === 'error') toast.error(message, { id: message, duration: Infinity });
  else toast.success(message);
}

/** The toasts' region: screen readers hear each one, sighted people see it at the bottom's end side, each with a close button. */
export function Toaster({ direction }: { direction: 'ltr' | 'rtl' }) {
  const { t } = useTranslation();
  return (
    <Toasts
      position={direction === 'rtl' ? 'bottom-left' : 'bottom-right'}
      dir={direction}
      duration={6000}
      richColors
      closeButton
      containerAriaLabel={t('Messages')}
      toastOptions={{ closeButtonAriaLabel: t('Close the message') }}
    />
  );
}
