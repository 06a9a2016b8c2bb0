import { deliveryTaxSettingsSchema, type DeliveryTaxSettings, type DeliveryTaxSettingsChange } from '../../../shared/delivery-tax.contract.ts';
import { toAmount, toMinor } from '../../../shared/money.ts';
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

/** The settings as the console reads them: amounts as decimals, the rate in percent. */
const present = (settings: StoreSettings): DeliveryTaxSettings =>
  deliveryTaxSettingsSchema.parse({
    tax_rate: settings.tax_rate / 100,
    delivery_charge: toAmount(settings.delivery_charge),
    free_delivery_threshold: settings.free_delivery_threshold === null ? null : toAmount(settings.free_delivery_threshold),
    shops_set_delivery: settings.shops_set_delivery,
  });

/** A change as the settings rows keep it: minor units and basis points. */
const stored = (change: DeliveryTaxSettingsChange): Partial<StoreSettings> => ({
  ...(change.tax_rate !== undefined && { tax_rate: Math.round(change.tax_rate * 100) }),
  ...(change.delivery_charge !== undefined && { delivery_charge: toMinor(change.delivery_charge) }),
  ...(change.free_delivery_threshold !== undefined && { free_delivery_threshold: change.free_delivery_threshold === null ? null : toMinor(change.free_delivery_threshold) }),
  ...(change.shops_set_delivery !== undefined && { shops_set_delivery: change.shops_set_delivery }),
});

/** `/api/console/settings/delivery-tax` (decision 054): the store's tax rate and delivery charges, each change audited. */
export async function deliveryTaxConsoleRoutes(app: ApiInstance) {
  const { db } = app.database;
  const current = async () => present(await readStoreSettings(db));

  app.get(
    '/console/settings/delivery-tax',
    { config: access, schema: { tags, summary: "The store's delivery and tax settings", security, ...endpointSchema('GET /console/settings/delivery-tax') } },
    async () => ({ message: 'Delivery and tax settings', data: { settings: await current() } }),
  );

  app.patch(
    '/console/settings/delivery-tax',
    { config: access, schema: { tags, summary: 'Changes the delivery and tax settings; each changed setting goes into the audit log', security, ...endpointSchema('PATCH /console/settings/delivery-tax') } },
    async (request) => {
      const change = stored(request.body);
      await changeStoreSettings(db, change, auditContext(request));
      // Every product on the store's rate shows it on its page (delivery is on no cached answer but the settings).
      app.caches.invalidate(change.tax_rate === undefined ? [cacheTags.settings] : [cacheTags.settings, cacheTags.productDetails]);
      return { message: 'Delivery and tax settings updated', data: { settings: await current() } };
    },
  );
}
