import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const Footer = lazyComponent(() => import('./footer.tsx').then((module) => ({ default: module.Footer })));

/**
 * The footer starts below the fold (the main area is a screen tall), so its code loads after the
 * first paint instead of weighing on the first-load budget.
 */
export function DeferredFooter({ contentClassName }: { contentClassName?: string }) {
  return (
    <Suspense fallback={null}>
      <Footer contentClassName={contentClassName} />
    </Suspense>
  );
}
