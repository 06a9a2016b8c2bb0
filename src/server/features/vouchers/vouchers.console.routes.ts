import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { createVoucher, listConsoleVouchers, readConsoleVoucher, setVoucherActive, updateVoucher, VOUCHER_NOT_FOUND_MESSAGE } from './voucher-console.service.ts';

const tags = ['Console vouchers'];
const security = SIGNED_IN;
const config = { permission: 'vouchers.write' } as const;

/**
 * The console's vouchers: a seller's people manage their own shop's, the store's staff any shop's.
 * Nothing is deleted: a voucher is switched off, and the storefront reads vouchers uncached, so a
 * change shows there at once.
 */
export async function voucherConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/vouchers',
    { config, schema: { tags, summary: 'Vouchers, newest first, a keyset page at a time (a seller: their shop’s)', security, ...endpointSchema('GET /console/vouchers') } },
    async (request) => ({ message: 'Vouchers', data: await listConsoleVouchers(db, consoleIdentity(request), request.query, app.clock.now()) }),
  );

  app.post(
    '/console/vouchers',
    { config, schema: { tags, summary: 'Creates a voucher (the store’s staff name the shop)', security, ...endpointSchema('POST /console/vouchers') } },
    async (request, reply) => {
      const voucher = await createVoucher(db, consoleIdentity(request), request.body, auditContext(request));
      return reply.code(201).send({ message: 'Voucher created', data: { voucher } });
    },
  );

  app.get(
    '/console/vouchers/:id',
    { config, schema: { tags, summary: 'A voucher with its used count', security, ...endpointSchema('GET /console/vouchers/:id') } },
    async (request) => ({
      message: 'Voucher',
      data: { voucher: await readConsoleVoucher(db, consoleIdentity(request), recordId(request, VOUCHER_NOT_FOUND_MESSAGE), app.clock.now()) },
    }),
  );

  app.patch(
    '/console/vouchers/:id',
    { config, schema: { tags, summary: 'Edits a voucher (the total limit never below its used count)', security, ...endpointSchema('PATCH /console/vouchers/:id') } },
    async (request) => ({
      message: 'Voucher updated',
      data: { voucher: await updateVoucher(db, consoleIdentity(request), recordId(request, VOUCHER_NOT_FOUND_MESSAGE), request.body, auditContext(request)) },
    }),
  );

  for (const [verb, active] of [['deactivate', false], ['activate', true]] as const) {
    app.post(
      `/console/vouchers/:id/${verb}`,
      {
        config,
        schema: { tags, summary: active ? 'Switches a voucher back on' : 'Switches a voucher off: shoppers can no longer see or use it', security, ...endpointSchema(`POST /console/vouchers/:id/${verb}`) },
      },
      async (request) => ({
        message: active ? 'Voucher activated' : 'Voucher deactivated',
        data: { voucher: await setVoucherActive(db, consoleIdentity(request), recordId(request, VOUCHER_NOT_FOUND_MESSAGE), active, auditContext(request)) },
      }),
    );
  }
}
