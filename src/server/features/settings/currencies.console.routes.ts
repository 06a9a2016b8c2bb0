import { CURRENCY_NOT_FOUND } from '../../../shared/currencies-console.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { createCurrency, listConsoleCurrencies, makeCurrencyDefault, setCurrencyActive, updateCurrency } from './currencies.service.ts';

const tags = ['Console currencies'];
const security = SIGNED_IN;
const config = { permission: 'settings.write', storeOnly: true } as const;

/**
 * `/api/console/currencies`: the store's currencies (decision 057). Every change is audited and
 * drops the settings caches on every instance, so `/api/master` and checkout follow at once.
 */
export async function currenciesConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const changed = <Result>(result: Result): Result => {
    app.caches.invalidate([cacheTags.settings]);
    return result;
  };

  app.get('/console/currencies', { config, schema: { tags, summary: 'Every currency, retired ones too', security, ...endpointSchema('GET /console/currencies') } }, async () => ({
    message: 'Currencies',
    data: { currencies: await listConsoleCurrencies(db) },
  }));

  app.post(
    '/console/currencies',
    { config, schema: { tags, summary: 'Adds a currency by its ISO 4217 code; its decimals follow from the code', security, ...endpointSchema('POST /console/currencies') } },
    async (request, reply) => {
      const currency = changed(await createCurrency(db, request.body, auditContext(request)));
      return reply.code(201).send({ message: 'Currency added', data: { currency } });
    },
  );

  app.patch(
    '/console/currencies/:id',
    { config, schema: { tags, summary: "Changes a currency's symbol, its position and its rate to the default", security, ...endpointSchema('PATCH /console/currencies/:id') } },
    async (request) => ({
      message: 'Currency updated',
      data: { currency: changed(await updateCurrency(db, recordId(request, CURRENCY_NOT_FOUND), request.body, auditContext(request))) },
    }),
  );

  for (const [verb, active] of [['retire', false], ['restore', true]] as const) {
    app.post(
      `/console/currencies/:id/${verb}`,
      {
        config,
        schema: { tags, summary: active ? 'Offers a retired currency to shoppers again' : 'Retires a currency: shoppers no longer see it (never the default)', security, ...endpointSchema(`POST /console/currencies/:id/${verb}`) },
      },
      async (request) => ({
        message: active ? 'Currency restored' : 'Currency retired',
        data: { currency: changed(await setCurrencyActive(db, recordId(request, CURRENCY_NOT_FOUND), active, auditContext(request))) },
      }),
    );
  }

  app.post(
    '/console/currencies/:id/make-default',
    { config, schema: { tags, summary: 'Makes a currency the default; every rate is re-expressed to it', security, ...endpointSchema('POST /console/currencies/:id/make-default') } },
    async (request) => ({
      message: 'Default currency changed',
      data: { currencies: changed(await makeCurrencyDefault(db, recordId(request, CURRENCY_NOT_FOUND), auditContext(request))) },
    }),
  );
}
