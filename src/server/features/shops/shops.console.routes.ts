import { z } from 'zod';
import { answerOf } from '../../../shared/api-answers.ts';
import { recordIdParamsSchema } from '../../../shared/orders.contract.ts';
import { shopApplicationPageSchema, shopApplicationQuerySchema, shopApplicationSchema, shopCommissionSchema, shopDecisionReasonSchema, shopProfileChangeSchema, shopProfileQuerySchema, shopProfileSchema } from '../../../shared/shops.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { formBody } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { changeShopProfile, readShopProfile } from './shop-profile.service.ts';
import { decideShop, listShopApplications, setShopCommission, type ShopDecision } from './shop-review.service.ts';
import { SHOP_NOT_FOUND_MESSAGE } from './shop-status.ts';

const tags = ['Console'];
const security = SIGNED_IN;
const applicationAnswer = answerOf(z.object({ shop: shopApplicationSchema }));
const profileAnswer = answerOf(z.object({ shop: shopProfileSchema }));

const decisions = {
  approve: { summary: 'Approves a pending shop: it and its products open', message: 'Shop approved', reason: false },
  reject: { summary: "Rejects a pending shop; the reason is mailed to its owner", message: 'Shop rejected', reason: true },
  suspend: { summary: 'Suspends an approved shop: it and its products are hidden; the reason is mailed', message: 'Shop suspended', reason: true },
  reinstate: { summary: 'Opens a suspended shop again', message: 'Shop reinstated', reason: false },
} as const;

/** `/api/console/shop-applications`, `/api/console/shops/{id}/...` (the store's review) and `/api/console/shop` (a seller's own profile). */
export async function shopConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/shop-applications',
    {
      config: { permission: 'shops.review' },
      schema: { tags, summary: 'Shops in one status (pending by default), oldest first', security, querystring: shopApplicationQuerySchema, response: { 200: answerOf(shopApplicationPageSchema) } },
    },
    async (request) => ({ message: 'Shop applications', data: await listShopApplications(app.database.db, request.query) }),
  );

  for (const [action, { summary, message, reason }] of Object.entries(decisions) as Array<[ShopDecision['action'], (typeof decisions)[keyof typeof decisions]]>) {
    app.post(
      `/console/shops/:id/${action}`,
      {
        config: { permission: 'shops.review' },
        schema: { tags, summary, security, params: recordIdParamsSchema, ...(reason && { body: shopDecisionReasonSchema }), response: { 200: applicationAnswer } },
      },
      async (request) => {
        const body = request.body as { reason?: string } | undefined;
        const decision = (reason ? { action, reason: body!.reason! } : { action }) as ShopDecision;
        const shop = await decideShop(app, recordId(request, SHOP_NOT_FOUND_MESSAGE), decision, auditContext(request));
        return { message, data: { shop } };
      },
    );
  }

  app.put(
    '/console/shops/:id/commission',
    {
      // The store's agreement with the shop: its staff who review shops set it; a shop's people never set their own.
      config: { permission: 'shops.review', storeOnly: true },
      schema: {
        tags,
        summary: "Sets the shop's own commission rate in percent, or clears it (null) so its products' categories' or the store's apply",
        security,
        params: recordIdParamsSchema,
        body: shopCommissionSchema,
        response: { 200: applicationAnswer },
      },
    },
    async (request) => ({
      message: 'Shop commission saved',
      data: { shop: await setShopCommission(app.database.db, recordId(request, SHOP_NOT_FOUND_MESSAGE), request.body.commission_rate, auditContext(request)) },
    }),
  );

  app.get(
    '/console/shop',
    { config: { permission: 'shop.profile' }, schema: { tags, summary: "A shop's profile (a seller's people: their own)", security, querystring: shopProfileQuerySchema, response: { 200: profileAnswer } } },
    async (request) => ({ message: 'Shop', data: { shop: await readShopProfile(app.database.db, consoleIdentity(request), request.query.shop_id) } }),
  );

  app.patch(
    '/console/shop',
    {
      config: { permission: 'shop.profile' },
      schema: {
        tags,
        summary: "Changes a shop's profile (a seller's people: their own; a rejected shop's owner applies again)",
        querystring: shopProfileQuerySchema,
        description: 'JSON, or multipart/form-data with the same fields and `logo` / `banner` pictures.',
        security,
        ...formBody(shopProfileChangeSchema),
        response: { 200: profileAnswer },
      },
    },
    async (request) => ({ message: 'Shop updated', data: { shop: await changeShopProfile(app, consoleIdentity(request), request, request.query.shop_id, auditContext(request)) } }),
  );
}
