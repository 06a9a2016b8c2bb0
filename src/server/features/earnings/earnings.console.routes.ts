import { z } from 'zod';
import { statementQuerySchema } from '../../../shared/earnings.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { readEarnings, readEarningsOverview } from './earnings-console.service.ts';
import { releaseClosedWindows } from './shop-ledger.ts';
import { earningsStatement } from './earnings-statement.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { loadMessages } from '../i18n/messages.ts';

const csvAnswer = { 200: { description: 'The statement as a CSV download', content: { 'text/csv': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } } };

const EARNINGS_RELEASE_JOB = 'earnings-release';

/** A shop's earnings in the console (decision 052), and the job that makes them available once their return windows close. */
export async function earningsConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;

  app.get(
    '/console/earnings',
    {
      config: { permission: 'earnings.read' },
      schema: { tags: ['Console earnings'], summary: 'A shop’s balances and ledger, newest first (a seller: their shop’s)', security: SIGNED_IN, ...endpointSchema('GET /console/earnings') },
    },
    async (request) => ({ message: 'Earnings', data: await readEarnings(db, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/earnings/shops',
    {
      config: { permission: 'earnings.read', storeOnly: true },
      schema: { tags: ['Console earnings'], summary: 'Every shop’s commission, pending earnings and available balance, by name, with totals (the store’s staff)', security: SIGNED_IN, ...endpointSchema('GET /console/earnings/shops') },
    },
    async (request) => ({ message: 'Earnings by shop', data: await readEarningsOverview(db, request.query) }),
  );

  app.get(
    '/console/earnings/statement.csv',
    {
      config: { permission: 'earnings.read' },
      schema: { tags: ['Console earnings'], summary: 'A shop’s statement over days on the store’s clock, as CSV (a seller: their shop’s)', security: SIGNED_IN, querystring: statementQuerySchema, response: csvAnswer },
    },
    async (request, reply) => {
      const messages = loadMessages(requestLocale(request));
      const statement = await earningsStatement(db, consoleIdentity(request), request.query, (text) => messages[text] ?? text);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statement.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(statement.content);
    },
  );

  await app.jobs.repeat(EARNINGS_RELEASE_JOB, app.config.jobs.housekeepingSeconds, async () => {
    await releaseClosedWindows(db, app.clock.now());
  });
}
