/**
 * The tags cached answers carry and writes invalidate (decision 022 has the table of which write
 * invalidates what). A region's name is a tag of all its entries as well.
 */
export const cacheTags = {
  /** A product's own entries: its details. */
  product: (id: number) => `product:${id}`,
  /** Entries that show a product's card: listing pages, the home page, other products' related rows. */
  listed: (id: number) => `listed:${id}`,
  /** What a shop's figures appear in: its entry in the shop list, product details of its products. */
  shop: (id: number) => `shop:${id}`,
  /** Everything a listing is made of: pages, totals, facets, sale prices. */
  listings: 'listings',
  /** Every product's details (the region's name): what names a product's category, brand, colours and sizes. */
  productDetails: 'product-details',
  home: 'home',
  shops: 'shops',
  categories: 'categories',
  flashSales: 'flash-sales',
  settings: 'settings',
  content: 'content',
} as const;

export const listedTags = (ids: Iterable<number>): string[] => [...ids].map(cacheTags.listed);
