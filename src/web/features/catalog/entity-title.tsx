import { useDeferredValue } from 'react';
import { useDocumentTitle } from '../../app/router.tsx';

interface EntityTitleProps {
  name: string | undefined;
  /** Shown until the thing has loaded. */
  routeTitle: string;
}

/**
 * The document title of a page about one thing (a product's name). The route sets its title in an
 * effect of a parent, and parents' effects run after their children's: with cached data the name
 * would be overwritten. Deferring it one render lets it land last; being its own component, that
 * extra render costs nothing to the page around it.
 */
export function EntityTitle({ name, routeTitle }: EntityTitleProps) {
  const deferred = useDeferredValue(name ?? '', '');
  useDocumentTitle(deferred || routeTitle);
  return null;
}
