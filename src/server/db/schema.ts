// The full schema, one module per domain; drizzle-kit reads the domain files directly.
export * from './schema/settings.ts';
export * from './schema/catalog.ts';
export * from './schema/accounts.ts';
export * from './schema/inventory.ts';
export * from './schema/commerce.ts';
export * from './schema/content.ts';
export * from './schema/orders.ts';
export * from './schema/support.ts';
export * from './schema/console.ts';
export * from './schema/media.ts';
export * from './schema/product-reviews.ts';
export * from './schema/returns.ts';
export * from './schema/earnings.ts';
export * from './schema/promotions.ts';
export * from './schema/dashboard.ts';
