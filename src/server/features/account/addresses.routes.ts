import type { FastifyInstance } from 'fastify';
import { addressInputSchema } from '../../../shared/account.contract.ts';
import { idParamSchema } from '../../../shared/catalog.contract.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { parseInput } from '../../platform/validation.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts';

/** The shopper's own addresses; another shopper's address id is a 404, as if it did not exist. */
export async function addressRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.addHook('preHandler', authenticate);

  app.get('/addresses', async (request) => ({
    message: 'Addresses',
    data: { addresses: await listAddresses(db, currentUser(request).id) },
  }));

  app.post('/addresses', async (request, reply) => {
    const input = parseInput(addressInputSchema, request.body);
    const address = await addAddress(db, currentUser(request).id, input);
    return reply.code(201).send({ message: 'Address added successfully', data: { address } });
  });

  app.put('/addresses/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    const input = parseInput(addressInputSchema, request.body);
    return { message: 'Address updated successfully', data: { address: await updateAddress(db, currentUser(request).id, id, input) } };
  });

  app.delete('/addresses/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params);
    await deleteAddress(db, currentUser(request).id, id);
    return { message: 'Address deleted successfully', data: {} };
  });
}
