import type { ExternalToast } from 'sonner';
import type { ReactNode } from 'react';

/**
 * Toasts without putting sonner (~10 KB gzip) on the first load: the toaster mounts when the
 * first toast asks for it, and toasts wait until it is there.
 */
let resolveMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
let requestMount: () => void = () => undefined;

export function registerToasterMount(mount: () => void) {
  requestMount = mount;
}

export function toasterMounted() {
  resolveMounted();
}

async function sonner() {
  requestMount();
  const [module] = await Promise.all([import('sonner'), mounted]);
  return module.toast;
}

export const notify = {
  success: (message: ReactNode, options?: ExternalToast) => void sonner().then((toast) => toast.success(message, options)),
  error: (message: ReactNode, options?: ExternalToast) => void sonner().then((toast) => toast.error(message, options)),
  message: (message: ReactNode, options?: ExternalToast) => void sonner().then((toast) => toast(message, options)),
};
