import { commissionPayoutSettingsSchema, type CommissionPayoutSettings, type CommissionPayoutSettingsChange } from '../../../shared/commission-payouts.contract.ts';
import { toAmount, toBasisPoints, toMinor, toPercent } from '../../../shared/money.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { cacheTags } from '../../platform/cache-tags.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { changeStoreSettings, readStoreSettings } from './settings.service.ts';
import type { StoreSettings } from './store-settings.ts';

const tags = ['Console settings'];
const security = SIGNED_IN;
const access = { permission: 'settings.write', storeOnly: true } as const;

/** The settings as the console reads them: the rate in percent, the minimum as a decimal. */
const present = (settings: StoreSettings): CommissionPayoutSettings =>
  commissionPayoutSettingsSchema.parse({ commission_rate: toPercent(settings.commission_rate), withdrawal_minimum: toAmount(settings.withdrawal_minimum) });

/** A change as the settings rows keep it: basis points and minor units. */
const stored = (change: CommissionPayoutSettingsChange): Partial<StoreSettings> => ({
  ...(change.commission_rate !== undefined && { commission_rate: toBasisPoints(change.commission_rate) }),
  ...(change.withdrawal_minimum !== undefined && { withdrawal_minimum: toMinor(change.withdrawal_minimum) }),
});

/**
 * `/api/console/settings/commission-payouts` (decisions 052, 053): the store's commission rate and the
 * withdrawal minimum, each change audited. A new rate applies to orders placed from then on.
 */
export async function commissionPayoutsConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const current = async () => present(await readStoreSettings(db));

  app.get(
    '/console/settings/commission-payouts',
    { config: access, schema: { tags, summary: "The store's commission rate and withdrawal minimum", security, ...endpointSchema('GET /console/settings/commission-payouts') } },
    async () => ({ message: 'Commission and payout settings', data: { settings: await current() } }),
  );

  app.patch(
    '/console/settings/commission-payouts',
    {
      config: access,
      schema: { tags, summary: 'Changes the commission rate or withdrawal minimum; each changed setting goes into the audit log', security, ...endpointSchema('PATCH /console/settings/commission-payouts') },
    },
    async (request) => {
      await changeStoreSettings(db, stored(request.body), auditContext(request));
      app.caches.invalidate([cacheTags.settings]);
      return { message: 'Commission and payout settings updated', data: { settings: await current() } };
    },
  );
}
