import { lazy, Suspense, useState } from 'react';
import { useSettings } from '../settings/settings-store.ts';

const CartPanelDialog = lazy(() => import('./cart-panel-dialog.tsx'));

/**
 * The cart panel's place in the layout: its code loads on the first opening, not with the page,
 * and stays mounted after that so closing slides it out.
 */
export function CartPanel() {
  const open = useSettings((state) => state.basketCanvas);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense>
      <CartPanelDialog />
    </Suspense>
  ) : null;
}
