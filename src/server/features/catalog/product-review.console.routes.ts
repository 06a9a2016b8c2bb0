import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { decideProductReview, listProductReviews, PRODUCT_REVIEW_NOT_FOUND_MESSAGE, readProductReview } from './product-review.service.ts';

const tags = ['Console catalogue'];
const security = SIGNED_IN;
/** The store's catalogue staff decide: approving writes the product as an edit of theirs would (decision 033). */
const config = { permission: 'catalogue.write', storeOnly: true } as const;
const reviewId = (request: Parameters<typeof recordId>[0]) => recordId(request, PRODUCT_REVIEW_NOT_FOUND_MESSAGE);

/** `/api/console/product-reviews...`: the queue of shops' product changes waiting for the store's approval. */
export async function productReviewConsoleRoutes(app: ApiInstance) {
  app.get(
    '/console/product-reviews',
    { config, schema: { tags, summary: 'Shops’ proposed product changes in one status (pending by default), oldest first', security, ...endpointSchema('GET /console/product-reviews') } },
    async (request) => ({ message: 'Product reviews', data: await listProductReviews(app.database.db, request.query) }),
  );

  app.get(
    '/console/product-reviews/:id',
    { config, schema: { tags, summary: 'A proposed product change beside the product as the storefront shows it now', security, ...endpointSchema('GET /console/product-reviews/:id') } },
    async (request) => ({ message: 'Product review', data: await readProductReview(app.database.db, reviewId(request)) }),
  );

  app.post(
    '/console/product-reviews/:id/approve',
    { config, schema: { tags, summary: 'Approves a waiting change: the product is written as proposed and shows at once', security, ...endpointSchema('POST /console/product-reviews/:id/approve') } },
    async (request) => {
      const review = await decideProductReview(app, consoleIdentity(request), reviewId(request), { action: 'approve' }, auditContext(request));
      return { message: 'Product change approved', data: { review } };
    },
  );

  app.post(
    '/console/product-reviews/:id/reject',
    { config, schema: { tags, summary: 'Rejects a waiting change; the product stays as it is and the reason is mailed to the seller', security, ...endpointSchema('POST /console/product-reviews/:id/reject') } },
    async (request) => {
      const review = await decideProductReview(app, consoleIdentity(request), reviewId(request), { action: 'reject', reason: request.body.reason }, auditContext(request));
      return { message: 'Product change rejected', data: { review } };
    },
  );
}
