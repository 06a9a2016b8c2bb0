import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity, shopScope } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import type { FastifyRequest } from 'fastify';
import { decideEnrolment, enrolVariants, ENROLMENT_NOT_FOUND, listEnrolments, withdrawEnrolment } from './enrolments.service.ts';
import { FLASH_SALE_CLOCK_JOB, followSaleClock } from './flash-sale-clock.ts';
import {
  createFlashSale,
  deleteFlashSale,
  endFlashSaleEarly,
  FLASH_SALE_NOT_FOUND,
  flashSaleCacheTags,
  listFlashSales,
  readFlashSale,
  updateFlashSale,
  type SaleWriter,
} from './flash-sales.service.ts';

const tags = ['Console flash sales'];
const security = SIGNED_IN;
/** Sellers' people holding it read the sales and enrol their own shop's variants. */
const shared = { permission: 'promotions.write' } as const;
/** The sales themselves and the decisions on enrolments are the store's. */
const storeOnly = { permission: 'promotions.write', storeOnly: true } as const;

/**
 * `/api/console/flash-sales` (decision 051): the store's staff run the sales and decide on enrolments;
 * a shop's people read the sales and enrol their own shop's variants. Every write is audited and drops
 * the cached prices it changes on every instance; the sales' clock job does so at each start and end.
 */
export async function flashSaleConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const writer = (request: FastifyRequest): SaleWriter => {
    const audit = auditContext(request);
    return { audit, now: audit.now };
  };
  const scope = (request: FastifyRequest) => shopScope(consoleIdentity(request));
  const saleId = (request: FastifyRequest) => recordId(request, FLASH_SALE_NOT_FOUND);
  const enrolmentId = (request: FastifyRequest) => recordId(request, ENROLMENT_NOT_FOUND, 'enrolmentId');
  const answerSale = async (request: FastifyRequest, id: number) => ({ flash_sale: await readFlashSale(db, scope(request), id, app.clock.now()) });
  const dropCachedPrices = async (id: number) => app.caches.invalidate(await flashSaleCacheTags(db, [id]));

  await app.jobs.repeat(FLASH_SALE_CLOCK_JOB, app.config.jobs.flashSaleClockSeconds, () => followSaleClock(db, app.caches, app.config.jobs.flashSaleClockSeconds));

  app.get(
    '/console/flash-sales',
    { config: shared, schema: { tags, summary: 'Flash sales, newest first, a keyset page at a time (`enrolling=true`: open for enrolment now)', security, ...endpointSchema('GET /console/flash-sales') } },
    async (request) => ({ message: 'Flash sales', data: await listFlashSales(db, scope(request), request.query, app.clock.now()) }),
  );

  app.post(
    '/console/flash-sales',
    { config: storeOnly, schema: { tags, summary: 'Creates a flash sale', security, ...endpointSchema('POST /console/flash-sales') } },
    async (request, reply) => {
      const id = await createFlashSale(db, request.body, writer(request));
      await dropCachedPrices(id);
      return reply.code(201).send({ message: 'Flash sale created', data: await answerSale(request, id) });
    },
  );

  app.get(
    '/console/flash-sales/:id',
    { config: shared, schema: { tags, summary: 'A flash sale with its enrolment counts', security, ...endpointSchema('GET /console/flash-sales/:id') } },
    async (request) => ({ message: 'Flash sale', data: await answerSale(request, saleId(request)) }),
  );

  app.patch(
    '/console/flash-sales/:id',
    { config: storeOnly, schema: { tags, summary: 'Edits a flash sale (a running one keeps its start; an ended one is final)', security, ...endpointSchema('PATCH /console/flash-sales/:id') } },
    async (request) => {
      const id = saleId(request);
      await updateFlashSale(db, id, request.body, writer(request));
      await dropCachedPrices(id);
      return { message: 'Flash sale updated', data: await answerSale(request, id) };
    },
  );

  app.post(
    '/console/flash-sales/:id/end',
    { config: storeOnly, schema: { tags, summary: 'Ends a running flash sale now', security, ...endpointSchema('POST /console/flash-sales/:id/end') } },
    async (request) => {
      const id = saleId(request);
      await endFlashSaleEarly(db, id, writer(request));
      await dropCachedPrices(id);
      return { message: 'Flash sale ended', data: await answerSale(request, id) };
    },
  );

  app.delete(
    '/console/flash-sales/:id',
    { config: storeOnly, schema: { tags, summary: 'Deletes a flash sale no order was placed in', security, ...endpointSchema('DELETE /console/flash-sales/:id') } },
    async (request) => {
      const id = saleId(request);
      const cached = await flashSaleCacheTags(db, [id]);
      await deleteFlashSale(db, id, writer(request));
      app.caches.invalidate(cached);
      return { message: 'Flash sale deleted', data: {} };
    },
  );

  app.get(
    '/console/flash-sales/:id/enrolments',
    { config: shared, schema: { tags, summary: 'A flash sale’s enrolments, newest first (a seller: their shop’s)', security, ...endpointSchema('GET /console/flash-sales/:id/enrolments') } },
    async (request) => ({ message: 'Enrolments', data: await listEnrolments(db, scope(request), saleId(request), request.query, app.clock.now()) }),
  );

  app.post(
    '/console/flash-sales/:id/enrolments',
    { config: shared, schema: { tags, summary: 'Enrols variants while the enrolment window is open (the store’s staff name the shop)', security, ...endpointSchema('POST /console/flash-sales/:id/enrolments') } },
    async (request, reply) => {
      const { enrolments, tags: changed } = await enrolVariants(db, scope(request), saleId(request), request.body, writer(request));
      app.caches.invalidate(changed);
      return reply.code(201).send({ message: 'Products enrolled', data: { enrolments } });
    },
  );

  app.delete(
    '/console/flash-sales/:id/enrolments/:enrolmentId',
    { config: shared, schema: { tags, summary: 'Withdraws an enrolment (an approved one only before the sale starts)', security, ...endpointSchema('DELETE /console/flash-sales/:id/enrolments/:enrolmentId') } },
    async (request) => {
      app.caches.invalidate(await withdrawEnrolment(db, scope(request), saleId(request), enrolmentId(request), writer(request)));
      return { message: 'Enrolment withdrawn', data: {} };
    },
  );

  for (const verb of ['approve', 'decline'] as const) {
    app.post(
      `/console/flash-sales/:id/enrolments/:enrolmentId/${verb}`,
      {
        config: storeOnly,
        schema: { tags, summary: verb === 'approve' ? 'Approves a pending enrolment' : 'Declines a pending enrolment, with the reason the shop reads', security, ...endpointSchema(`POST /console/flash-sales/:id/enrolments/:enrolmentId/${verb}`) },
      },
      async (request) => {
        const decision = verb === 'approve' ? ({ approve: true } as const) : { approve: false as const, reason: (request.body as { reason: string }).reason };
        const { enrolment, tags: changed } = await decideEnrolment(db, saleId(request), enrolmentId(request), decision, writer(request));
        app.caches.invalidate(changed);
        return { message: verb === 'approve' ? 'Enrolment approved' : 'Enrolment declined', data: { enrolment } };
      },
    );
  }
}
