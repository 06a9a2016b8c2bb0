import type { MatcherFunction } from '@testing-library/react';

/**
 * Finds by text a translated sentence whose user text sits in a `<bdi>` of its own (`WithUserText`):
 * the element whose whole text it is, which `getByText('…')` would miss as the text is split.
 */
export const sentence =
  (text: string): MatcherFunction =>
  (_content, element) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
