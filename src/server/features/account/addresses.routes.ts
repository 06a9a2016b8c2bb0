import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts';

const tags = ['Account'];

/** The shopper's own addresses; another shopper's address id is a 404, as if it did not exist. */
export async function addressRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get('/addresses', { schema: { tags, summary: "The shopper's addresses", security: SIGNED_IN, ...endpointSchema('GET /addresses') } }, async (request) => ({
    message: 'Addresses',
    data: { addresses: await listAddresses(db, currentUser(request).id) },
  }));

  app.post('/addresses', { schema: { tags, summary: 'Adds an address', security: SIGNED_IN, ...endpointSchema('POST /addresses') } }, async (request, reply) => {
    const address = await addAddress(db, currentUser(request).id, request.body);
    return reply.code(201).send({ message: 'Address added successfully', data: { address } });
  });

  app.put('/addresses/:id', { schema: { tags, summary: 'Changes an address', security: SIGNED_IN, ...endpointSchema('PUT /addresses/:id') } }, async (request) => ({
    message: 'Address updated successfully',
    data: { address: await updateAddress(db, currentUser(request).id, request.params.id, request.body) },
  }));

  app.delete('/addresses/:id', { schema: { tags, summary: 'Deletes an address', security: SIGNED_IN, ...endpointSchema('DELETE /addresses/:id') } }, async (request) => {
    await deleteAddress(db, currentUser(request).id, request.params.id);
    return { message: 'Address deleted successfully', data: {} };
  });
}
