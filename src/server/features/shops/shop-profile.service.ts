import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toMinor } from '../../../shared/money.ts';
import { required } from '../../../shared/text-fields.ts';
import { shopProfileChangeSchema, type ShopProfile } from '../../../shared/shops.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { shops } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { readStoreSetting } from '../settings/settings.service.ts';
import { notifySellerApplication, publishNotifications } from '../notifications/notifications.service.ts';
import { readShopForm, removeShopImages, saveShopImages } from './shop-registration.service.ts';
import { auditedShop, invalidateShopVisibility, presentShop, SHOP_NOT_FOUND_MESSAGE } from './shop-status.ts';

export const STORE_SETS_DELIVERY_MESSAGE = 'The store sets the delivery charge of every shop.';

/** The shop a call names: any for the store's staff (who must name it), the member's own for a seller's people. */
function profileShopId(identity: ConsoleIdentity, requested: number | undefined): number {
  const own = shopScope(identity);
  if (own === null) {
    if (requested === undefined) throw validationFailed({ shop_id: [required('shop id')] });
    return requested;
  }
  if (requested !== undefined && requested !== own) throw notFound(SHOP_NOT_FOUND_MESSAGE);
  return own;
}

/** `GET /api/console/shop`. */
export async function readShopProfile(db: Db, identity: ConsoleIdentity, requested: number | undefined): Promise<ShopProfile> {
  const [row] = await db.select().from(shops).where(eq(shops.id, profileShopId(identity, requested)));
  if (!row) throw notFound(SHOP_NOT_FOUND_MESSAGE);
  return presentShop(row);
}

/**
 * `PATCH /api/console/shop`: the fields given change; new pictures replace the old, whose files
 * go once the change is saved. A rejected shop's owner who saves applies again: back to pending.
 */
export async function changeShopProfile(app: FastifyInstance, identity: ConsoleIdentity, request: FastifyRequest, requested: number | undefined, context: AuditContext): Promise<ShopProfile> {
  const shopId = profileShopId(identity, requested);
  const { fields, files } = await readShopForm(request);
  const input = parseInput(shopProfileChangeSchema, fields);
  const images = await saveShopImages(app, files);
  try {
    const { before, after, notifications } = await inRetriedTransaction(app.database.db, async (tx) => {
      const [current] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
      if (!current) throw notFound(SHOP_NOT_FOUND_MESSAGE);
      const reapplies = current.status === 'rejected' && identity.scope === 'shop';
      // Decision 054: a shop's people change its delivery charge only while the store lets shops set theirs (the form sends it
      // unchanged with every save); the store's staff always may.
      const changesDelivery = input.delivery_charge !== undefined && toMinor(input.delivery_charge) !== current.deliveryCharge;
      if (changesDelivery && identity.scope === 'shop' && !(await readStoreSetting(tx, 'shops_set_delivery'))) {
        throw validationFailed({ delivery_charge: [STORE_SETS_DELIVERY_MESSAGE] });
      }
      const [saved] = await tx
        .update(shops)
        .set({
          ...(input.shop_name !== undefined && { name: input.shop_name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.address !== undefined && { address: input.address }),
          ...(input.shop_phone !== undefined && { phone: input.shop_phone }),
          ...(input.shop_email !== undefined && { email: input.shop_email }),
          ...(input.delivery_charge !== undefined && { deliveryCharge: toMinor(input.delivery_charge) }),
          ...images,
          ...(reapplies && { status: 'pending' as const, statusReason: null }),
        })
        .where(eq(shops.id, shopId))
        .returning();
      await recordAudit(tx, context, { action: reapplies ? 'shop.reapply' : 'shop.update', entityType: 'shop', entityId: shopId, shopId, before: auditedShop(current), after: auditedShop(saved!) });
      const notifications = reapplies ? await notifySellerApplication(tx, saved!, context.now) : [];
      return { before: current, after: saved!, notifications };
    });
    await publishNotifications({ db: app.database.db, events: app.events, log: app.log }, notifications);
    await removeShopImages(app, Object.fromEntries(Object.keys(images).map((field) => [field, before[field as keyof typeof images]])));
    invalidateShopVisibility(app, shopId, []);
    return presentShop(after);
  } catch (error) {
    await removeShopImages(app, images);
    throw error;
  }
}
