import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { lookUpCustomers } from './customer-lookup.ts';
import { blockCustomer, CUSTOMER_NOT_FOUND_MESSAGE, readCustomer, sendCustomerPasswordReset, unblockCustomer } from './customers-console.service.ts';

const tags = ['Console customers'];
const security = SIGNED_IN;
const read = { permission: 'customers.read', storeOnly: true } as const;
const write = { permission: 'customers.write', storeOnly: true } as const;
const customerId = (request: Parameters<typeof recordId>[0]) => recordId(request, CUSTOMER_NOT_FOUND_MESSAGE);

/** `/api/console/customers`: the store's customers, for its own staff only (a shop sees its customers through its orders). */
export async function customerConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/customers',
    {
      config: read,
      schema: { tags, summary: 'Customers by the start of their e-mail, phone or name, blocked or not, ordered or not, newest first', security, ...endpointSchema('GET /console/customers') },
    },
    async (request) => ({ message: 'Customers', data: await lookUpCustomers(app.database.db, request.query) }),
  );

  app.get(
    '/console/customers/:id',
    { config: read, schema: { tags, summary: 'A customer with their latest orders and tickets, addresses and total spent', security, ...endpointSchema('GET /console/customers/:id') } },
    async (request) => ({ message: 'Customer', data: { customer: await readCustomer(app.database.db, customerId(request)) } }),
  );

  app.post(
    '/console/customers/:id/block',
    {
      config: write,
      schema: {
        tags,
        summary: 'Blocks a customer: every session ends, and signing in or ordering is refused (403) until unblocked',
        security,
        ...endpointSchema('POST /console/customers/:id/block'),
      },
    },
    async (request) => ({ message: 'Customer blocked', data: { customer: await blockCustomer(app, customerId(request), request.body.reason, auditContext(request)) } }),
  );

  app.post(
    '/console/customers/:id/unblock',
    { config: write, schema: { tags, summary: 'Unblocks a customer: they may sign in and order again', security, ...endpointSchema('POST /console/customers/:id/unblock') } },
    async (request) => ({ message: 'Customer unblocked', data: { customer: await unblockCustomer(app, customerId(request), request.body.reason, auditContext(request)) } }),
  );

  app.post(
    '/console/customers/:id/password-reset',
    {
      config: write,
      schema: {
        tags,
        summary: 'Sends the customer a password-reset code, as the forgotten-password form does; the code is never shown',
        security,
        ...endpointSchema('POST /console/customers/:id/password-reset'),
      },
    },
    async (request) => ({ message: 'Password reset code sent', data: await sendCustomerPasswordReset(app, customerId(request), auditContext(request)) }),
  );
}
