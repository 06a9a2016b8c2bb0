import { lazy, Suspense, useState } from 'react';
import type { ModalDialogProps } from './modal-dialog.tsx';

const ModalDialog = lazy(() => import('./modal-dialog.tsx').then((module) => ({ default: module.ModalDialog })));

/**
 * A ModalDialog for the always-present header: its code loads the first time it opens, not with
 * the page, and it stays mounted after so closing still animates.
 */
export function DeferredModalDialog(props: ModalDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
