import { hashKey } from '@tanstack/react-query';

/**
 * The key and placeholder of a console list's page query: the list's key (its filters) and the
 * page's cursor. While the next or previous page of the same list loads, the page shown stays; after
 * a change of filter the table says it is loading rather than show rows the new filter may not match.
 */
export function pageQuery<ListKey extends readonly unknown[]>(listKey: ListKey, cursor: string | undefined) {
  return {
    queryKey: [...listKey, cursor ?? null] as const,
    placeholderData: <Data>(shown: Data | undefined, shownQuery?: { queryKey: readonly unknown[] }) =>
      shownQuery && hashKey(shownQuery.queryKey.slice(0, -1)) === hashKey(listKey) ? shown : undefined,
  };
}
