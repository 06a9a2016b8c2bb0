import { z } from 'zod';
import { addressInputSchema, addressSchema } from '../../../shared/account.contract.ts';
import { answerOf, noDataSchema } from '../../../shared/api-answers.ts';
import { idParamSchema } from '../../../shared/catalog.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts';

const tags = ['Account'];
const addressAnswer = answerOf(z.object({ address: addressSchema }));

/** The shopper's own addresses; another shopper's address id is a 404, as if it did not exist. */
export async function addressRoutes(app: ApiInstance) {
  const { db } = app.database;
  app.addHook('preValidation', authenticate);

  app.get('/addresses', { schema: { tags, summary: "The shopper's addresses", security: SIGNED_IN, response: { 200: answerOf(z.object({ addresses: z.array(addressSchema) })) } } }, async (request) => ({
    message: 'Addresses',
    data: { addresses: await listAddresses(db, currentUser(request).id) },
  }));

  app.post('/addresses', { schema: { tags, summary: 'Adds an address', security: SIGNED_IN, body: addressInputSchema, response: { 201: addressAnswer } } }, async (request, reply) => {
    const address = await addAddress(db, currentUser(request).id, request.body);
    return reply.code(201).send({ message: 'Address added successfully', data: { address } });
  });

  app.put('/addresses/:id', { schema: { tags, summary: 'Changes an address', security: SIGNED_IN, params: idParamSchema, body: addressInputSchema, response: { 200: addressAnswer } } }, async (request) => ({
    message: 'Address updated successfully',
    data: { address: await updateAddress(db, currentUser(request).id, request.params.id, request.body) },
  }));

  app.delete('/addresses/:id', { schema: { tags, summary: 'Deletes an address', security: SIGNED_IN, params: idParamSchema, response: { 200: answerOf(noDataSchema) } } }, async (request) => {
    await deleteAddress(db, currentUser(request).id, request.params.id);
    return { message: 'Address deleted successfully', data: {} };
  });
}
