import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';
import { useTranslation } from '../../client/lib/i18n.ts';
import { DEFAULT_TOAST_MS, MAX_TOASTS } from '../../shared/constants.ts';
import { useSettings } from '../features/settings/settings-store.ts';
import { toasterMounted } from '../lib/toast.ts';

const supportsPopover = typeof HTMLElement.prototype.showPopover === 'function';

/**
 * An open modal dialog makes the rest of the page inert and covers it, toasts included. So the
 * toasts live in a manual popover (the top layer, placed against the viewport) that moves into the
 * topmost open modal dialog: above it, and clickable (the cart panel's Again Add to Cart).
 */
function useToastLayer(): HTMLElement {
  const [layer] = useState(() => {
    const element = document.createElement('div');
    element.popover = 'manual';
    element.className = 'fixed inset-auto m-0 size-0 overflow-visible border-0 bg-transparent p-0';
    return element;
  });
  useEffect(() => {
    const place = () => {
      const dialogs = document.querySelectorAll('dialog:modal');
      const parent = dialogs[dialogs.length - 1] ?? document.body;
      if (layer.parentElement !== parent) parent.append(layer);
      // Moving the layer takes it out of the top layer; showing it again puts it above the dialog.
      if (supportsPopover && !layer.matches(':popover-open')) layer.showPopover();
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      layer.remove();
    };
  }, [layer]);
  return layer;
}

/** docs/product/storefront.md §9: 5000 ms, at most 20; bottom-left, bottom-right in right-to-left languages. */
export default function StoreToaster() {
  const { t } = useTranslation();
  const direction = useSettings((state) => state.langDirection);
  const layer = useToastLayer();
  useEffect(toasterMounted, []);
  return createPortal(
    <Toaster
      position={direction === 'rtl' ? 'bottom-right' : 'bottom-left'}
      dir={direction}
      duration={DEFAULT_TOAST_MS}
      visibleToasts={MAX_TOASTS}
      richColors
      closeButton
      containerAriaLabel={t('Messages')}
      toastOptions={{ closeButtonAriaLabel: t('Close the message') }}
    />,
    layer,
  );
}
