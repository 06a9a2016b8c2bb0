import type { FastifyRequest } from 'fastify';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { consoleIdentity } from '../../platform/console-access.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { decideWithdrawal, listWithdrawals, readWithdrawalTerms, requestWithdrawal, revealPayoutDetails, WITHDRAWAL_NOT_FOUND, type WithdrawalDecision } from './withdrawals.service.ts';

const tags = ['Console withdrawals'];
const security = SIGNED_IN;
/** The store decides; a shop's people never do, whatever they hold. */
const deciding = { permission: 'payouts.manage', storeOnly: true } as const;

/**
 * `/api/console/withdrawals` (decision 053): a shop's people holding `payouts.request` ask to be paid
 * from its available balance; the store's staff holding `payouts.manage` approve, mark paid or reject.
 * Every write is audited; payout details are answered masked, and in full only on a deliberate,
 * audited reveal to the store's staff who pay.
 */
export async function withdrawalConsoleRoutes(app: ApiInstance) {
  const decide = (request: FastifyRequest, decision: WithdrawalDecision) =>
    decideWithdrawal(app, consoleIdentity(request), recordId(request, WITHDRAWAL_NOT_FOUND), decision, auditContext(request));

  app.get(
    '/console/withdrawals',
    {
      config: { permission: 'earnings.read' },
      schema: { tags, summary: 'Withdrawals, newest first, a keyset page at a time (a seller: their shop’s)', security, ...endpointSchema('GET /console/withdrawals') },
    },
    async (request) => ({ message: 'Withdrawals', data: await listWithdrawals(app, consoleIdentity(request), request.query) }),
  );

  app.get(
    '/console/withdrawals/terms',
    {
      config: { permission: 'payouts.request' },
      schema: { tags, summary: 'The shop’s available balance and the store’s minimum withdrawal', security, ...endpointSchema('GET /console/withdrawals/terms') },
    },
    async (request) => ({ message: 'Withdrawal terms', data: await readWithdrawalTerms(app.database.db, consoleIdentity(request)) }),
  );

  app.post(
    '/console/withdrawals',
    {
      config: { permission: 'payouts.request' },
      schema: { tags, summary: 'Asks for an amount of the shop’s available balance to be paid out; it is held at once', security, ...endpointSchema('POST /console/withdrawals') },
    },
    async (request, reply) => {
      const withdrawal = await requestWithdrawal(app, consoleIdentity(request), request.body, auditContext(request));
      return reply.code(201).send({ message: 'Withdrawal requested', data: { withdrawal } });
    },
  );

  app.post(
    '/console/withdrawals/:id/approve',
    { config: deciding, schema: { tags, summary: 'Approves a requested withdrawal', security, ...endpointSchema('POST /console/withdrawals/:id/approve') } },
    async (request) => ({ message: 'Withdrawal approved', data: { withdrawal: await decide(request, { action: 'approve' }) } }),
  );

  app.post(
    '/console/withdrawals/:id/pay',
    { config: deciding, schema: { tags, summary: 'Marks an approved withdrawal paid, with the transfer’s reference', security, ...endpointSchema('POST /console/withdrawals/:id/pay') } },
    async (request) => ({ message: 'Withdrawal paid', data: { withdrawal: await decide(request, { action: 'pay', reference: request.body.reference }) } }),
  );

  app.post(
    '/console/withdrawals/:id/reject',
    { config: deciding, schema: { tags, summary: 'Rejects a withdrawal with a reason; its hold is released', security, ...endpointSchema('POST /console/withdrawals/:id/reject') } },
    async (request) => ({ message: 'Withdrawal rejected', data: { withdrawal: await decide(request, { action: 'reject', reason: request.body.reason }) } }),
  );

  app.post(
    '/console/withdrawals/:id/payout-details',
    {
      config: deciding,
      schema: { tags, summary: 'Answers the payout details in full, to make the transfer; the reading is audited (POST: it writes the audit row)', security, ...endpointSchema('POST /console/withdrawals/:id/payout-details') },
    },
    async (request, reply) => {
      const details = await revealPayoutDetails(app, recordId(request, WITHDRAWAL_NOT_FOUND), auditContext(request));
      return reply.header('cache-control', 'private, no-store').send({ message: 'Payout details', data: details });
    },
  );
}
