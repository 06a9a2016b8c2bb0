import { queryOptions } from '@tanstack/react-query';
import type { Permission } from '../../../shared/console.contract.ts';
import { customerSearchSource } from '../customers/customer-search-source.ts';
import { orderSearchSource } from '../orders/order-search-source.ts';
import { productSearchSource } from '../products/product-search-source.ts';

/** A record the palette found on the server: its name and where it opens in the console. */
export interface PaletteRecord {
  id: string;
  label: string;
  path: string;
}

/**
 * Where the palette looks up records (products, orders, customers) by the typed text: each source
 * asks its console API and is offered only to people holding its permission.
 */
export interface PaletteSearchSource {
  id: string;
  /** The results' heading, an English message key. */
  labelKey: string;
  needs: Permission;
  search(text: string, signal: AbortSignal): Promise<PaletteRecord[]>;
}

export const consoleSearchSources: readonly PaletteSearchSource[] = [orderSearchSource, customerSearchSource, productSearchSource];

/** The sources a person holding these permissions may search. */
export const sourcesAllowed = (sources: readonly PaletteSearchSource[], permissions: readonly Permission[]) =>
  sources.filter((source) => permissions.includes(source.needs));

/** One source's records for the typed text, asked once it is two characters long. */
export const paletteSearchQuery = (source: PaletteSearchSource, text: string) =>
  queryOptions({
    queryKey: ['console', 'palette', source.id, text],
    queryFn: ({ signal }) => source.search(text, signal),
    enabled: text.length >= 2,
  });
