import { useDocumentTitle } from '../settings/document-title.ts';

interface EntityTitleProps {
  name: string | undefined;
  /** Shown until the thing has loaded. */
  routeTitle: string;
}

/** The document title of a page about one thing (a product's name), the route's title until it loads. */
export function EntityTitle({ name, routeTitle }: EntityTitleProps) {
  useDocumentTitle(name || routeTitle);
  return null;
}
