import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { lookUpCustomers } from './customer-lookup.ts';

/** `/api/console/customers`: the store's customers, for its own staff only (a shop sees its customers through its orders). */
export async function customerConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/customers',
    {
      config: { permission: 'customers.read', storeOnly: true },
      schema: { tags: ['Console customers'], summary: 'Customers by the start of their e-mail, phone or name, newest first', security: SIGNED_IN, ...endpointSchema('GET /console/customers') },
    },
    async (request) => ({ message: 'Customers', data: await lookUpCustomers(app.database.db, request.query) }),
  );
}
