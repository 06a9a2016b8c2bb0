import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { listReviews, moderateReview, REVIEW_NOT_FOUND_MESSAGE } from './review-moderation.service.ts';

const tags = ['Console reviews'];
const security = SIGNED_IN;
/** The store's catalogue staff; a shop's people with `catalogue.write` for their shop's products while `sellers_moderate_reviews` is on. */
const config = { permission: 'catalogue.write' } as const;
const description = 'A shop’s people are refused (403) unless the store’s `sellers_moderate_reviews` setting is on; another shop’s review is not found.';

/** `/api/console/reviews...`: shoppers' product reviews, hidden from or shown on the storefront with a reason. */
export async function reviewModerationConsoleRoutes(app: ApiInstance) {
  const writes = { db: app.database.db, caches: app.caches };

  app.get(
    '/console/reviews',
    { config, schema: { tags, summary: 'Shoppers’ reviews, visible or hidden, of a product, of a rating, newest first', description, security, ...endpointSchema('GET /console/reviews') } },
    async (request) => ({ message: 'Reviews', data: await listReviews(writes, consoleIdentity(request), request.query) }),
  );

  for (const action of ['hide', 'show'] as const) {
    app.post(
      `/console/reviews/:id/${action}`,
      {
        config,
        schema: {
          tags,
          summary: action === 'hide' ? 'Hides a review from the storefront; its author sees why' : 'Shows a hidden review again',
          description: `${description} The product’s and shops’ ratings are recomputed from the visible reviews.`,
          security,
          ...endpointSchema(`POST /console/reviews/:id/${action}`),
        },
      },
      async (request) => {
        const review = await moderateReview(writes, consoleIdentity(request), recordId(request, REVIEW_NOT_FOUND_MESSAGE), { hide: action === 'hide', reason: request.body.reason }, auditContext(request));
        return { message: action === 'hide' ? 'Review hidden' : 'Review shown', data: { review } };
      },
    );
  }
}
