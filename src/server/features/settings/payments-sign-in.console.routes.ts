import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { changePaymentsSignIn, readPaymentsSignIn, type PaymentsSignInEnvironment } from './payments-sign-in.service.ts';

const tags = ['Console payments and sign-in'];
const security = SIGNED_IN;
const config = { permission: 'settings.write', storeOnly: true } as const;

/**
 * `/api/console/payments-sign-in` (decision 057): payment methods on or off, one-time codes and
 * social sign-in. Keys stay in the environment; a change is audited and drops the settings caches on
 * every instance, so `/api/master`, checkout and sign-in follow at once.
 */
export async function paymentsSignInConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const environment: PaymentsSignInEnvironment = { paymentMethods: app.paymentGateways, smsConfigured: Boolean(app.config.sms) };

  app.get(
    '/console/payments-sign-in',
    { config, schema: { tags, summary: 'Payment methods (configured or not), one-time-code and social sign-in settings', security, ...endpointSchema('GET /console/payments-sign-in') } },
    async () => ({ message: 'Payments and sign-in', data: await readPaymentsSignIn(db, environment) }),
  );

  app.put(
    '/console/payments-sign-in',
    { config, schema: { tags, summary: 'Changes payment methods and sign-in settings; each change goes into the audit log', security, ...endpointSchema('PUT /console/payments-sign-in') } },
    async (request) => {
      await changePaymentsSignIn(db, environment, request.body, auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Payments and sign-in saved', data: await readPaymentsSignIn(db, environment) };
    },
  );
}
