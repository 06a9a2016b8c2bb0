// The full schema, one module per domain; drizzle-kit reads the domain files directly.
export * from './schema/settings.ts';
export * from './schema/catalog.ts';
export * from './schema/accounts.ts';
