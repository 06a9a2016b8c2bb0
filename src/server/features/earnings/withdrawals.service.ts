import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { toAmount, toMinor } from '../../../shared/money.ts';
import {
  belowMinimum,
  MORE_THAN_AVAILABLE,
  WITHDRAWAL_DECIDED,
  WITHDRAWAL_NOT_APPROVED,
  WITHDRAWAL_NOT_REQUESTED,
  type Withdrawal,
  type WithdrawalListQuery,
  type WithdrawalPage,
  type WithdrawalPayoutDetails,
  type WithdrawalRequest,
  type WithdrawalStatus,
  type WithdrawalTerms,
} from '../../../shared/withdrawals.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { shopLedgerEntries, shops, users, withdrawals } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { afterPosition, isRecordId, keysetPage, readCursor } from '../../platform/keyset-pages.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { notifyWithdrawal, publishNotifications, type NotificationRow } from '../notifications/notifications.service.ts';
import { readStoreSetting, readStoreSettings } from '../settings/settings.service.ts';
import { shopBalance } from './shop-ledger.ts';
import { withdrawalMails, type WithdrawalNews } from './withdrawal-mail.ts';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal not found.';

/** Payout details are sealed under the store's secret for this purpose alone. */
export const payoutDetailsBox = (appSecret: string | undefined) => createSecretBox(appSecret, 'withdrawal payout details');
const payoutBox = (app: FastifyInstance) => payoutDetailsBox(app.config.appSecret);

/** Only the last four characters of the payout details are ever shown. */
export function maskPayoutDetails(details: string): string {
  const tail = details.replace(/\s+/g, '').slice(-4);
  return `•••• ${tail}`;
}

const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

const selectWithdrawals = (db: Db) =>
  db
    .select({ withdrawal: withdrawals, shopName: shops.name, requesterName: requesters.name, deciderName: deciders.name })
    .from(withdrawals)
    .innerJoin(shops, eq(shops.id, withdrawals.shopId))
    .leftJoin(requesters, eq(requesters.id, withdrawals.requestedBy))
    .leftJoin(deciders, eq(deciders.id, withdrawals.decidedBy));

type Row = Awaited<ReturnType<ReturnType<typeof selectWithdrawals>['execute']>>[number];

const person = (id: number | null, name: string | null) => (id === null || name === null ? null : { id, name });

function present(app: FastifyInstance, { withdrawal, shopName, requesterName, deciderName }: Row): Withdrawal {
  return {
    id: withdrawal.id,
    shop: { id: withdrawal.shopId, name: shopName },
    amount: toAmount(withdrawal.amount),
    status: withdrawal.status,
    payout_details: maskPayoutDetails(payoutBox(app).open(withdrawal.payoutDetails)),
    reference: withdrawal.reference,
    reject_reason: withdrawal.rejectReason,
    requested_by: person(withdrawal.requestedBy, requesterName),
    requested_at: withdrawal.requestedAt.toISOString(),
    decided_by: person(withdrawal.decidedBy, deciderName),
    decided_at: withdrawal.decidedAt?.toISOString() ?? null,
    paid_at: withdrawal.paidAt?.toISOString() ?? null,
  };
}

/** A withdrawal in the caller's scope: another shop's is not found (404). */
async function readWithdrawal(app: FastifyInstance, identity: ConsoleIdentity, id: number): Promise<Withdrawal> {
  const own = shopScope(identity);
  const [row] = await selectWithdrawals(app.database.db).where(and(eq(withdrawals.id, id), own === null ? undefined : eq(withdrawals.shopId, own)));
  if (!row) throw notFound(WITHDRAWAL_NOT_FOUND);
  return present(app, row);
}

/** `GET /api/console/withdrawals`: newest first, a keyset page at a time; a seller's people see their own shop's. */
export async function listWithdrawals(app: FastifyInstance, identity: ConsoleIdentity, query: WithdrawalListQuery): Promise<WithdrawalPage> {
  const shopId = shopScope(identity) ?? query.shop_id;
  const after = readCursor<[number]>(query.cursor, isRecordId);
  const rows = await selectWithdrawals(app.database.db)
    .where(
      and(
        shopId === undefined ? undefined : eq(withdrawals.shopId, shopId),
        query.status === undefined ? undefined : eq(withdrawals.status, query.status),
        after && afterPosition('desc', [withdrawals.id], after),
      ),
    )
    .orderBy(desc(withdrawals.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = keysetPage(rows, query.limit, (row) => [row.withdrawal.id]);
  return { withdrawals: page.map((row) => present(app, row)), next_cursor };
}

/** The seller's shop: requesting is a shop's own act (the store's roles do not hold `payouts.request`). */
function ownShop(identity: ConsoleIdentity): number {
  const shopId = shopScope(identity);
  if (shopId === null) throw notFound(WITHDRAWAL_NOT_FOUND);
  return shopId;
}

/** `GET /api/console/withdrawals/terms`: the shop's available balance and the store's minimum, as the request form shows them. */
export async function readWithdrawalTerms(db: Db, identity: ConsoleIdentity): Promise<WithdrawalTerms> {
  const balance = await shopBalance(db, ownShop(identity));
  return { available: toAmount(balance.available), minimum: toAmount(await readStoreSetting(db, 'withdrawal_minimum')) };
}

/** Mails queued and notifications written in a step's transaction, sent once it has committed. */
async function tell(app: FastifyInstance, tx: Db, withdrawalId: number, news: WithdrawalNews): Promise<NotificationRow[]> {
  const [row] = await tx
    .select({ shopId: withdrawals.shopId, amount: withdrawals.amount, shop: shops.name })
    .from(withdrawals)
    .innerJoin(shops, eq(shops.id, withdrawals.shopId))
    .where(eq(withdrawals.id, withdrawalId));
  const withdrawal = { id: withdrawalId, ...row! };
  for (const mail of await withdrawalMails(app, tx, withdrawal, await readStoreSettings(tx), news)) await app.jobs.queueMail(mail, tx);
  return notifyWithdrawal(tx, { ...withdrawal, amount: toAmount(withdrawal.amount) }, news.kind, app.clock.now());
}

async function afterCommit(app: FastifyInstance, notifications: readonly NotificationRow[]) {
  app.jobs.sendQueuedMail();
  await publishNotifications({ db: app.database.db, events: app.events, log: app.log }, notifications);
}

/**
 * A shop's request, in the caller's transaction: under a lock on the shop's row, so two requests at
 * once are settled one after the other, the amount is checked against the store's minimum and the
 * shop's available balance summed from its ledger, then held by a `withdrawal` entry (decision 053).
 */
export async function holdWithdrawal(tx: Db, request: { shopId: number; amount: number; sealedDetails: string; requestedBy: number | null; now: Date }): Promise<number> {
  const { shopId, amount, now } = request;
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
  const minimum = await readStoreSetting(tx, 'withdrawal_minimum');
  if (amount < minimum) throw validationFailed({ amount: [belowMinimum(toAmount(minimum))] });
  if (amount > (await shopBalance(tx, shopId)).available) throw validationFailed({ amount: [MORE_THAN_AVAILABLE] });
  const [withdrawal] = await tx
    .insert(withdrawals)
    .values({ shopId, amount, payoutDetails: request.sealedDetails, requestedBy: request.requestedBy, requestedAt: now })
    .returning({ id: withdrawals.id });
  await tx.insert(shopLedgerEntries).values({ shopId, kind: 'withdrawal', amount: -amount, status: 'available', availableAt: now, withdrawalId: withdrawal!.id, createdAt: now });
  return withdrawal!.id;
}

/** `POST /api/console/withdrawals`: the amount held (`holdWithdrawal`), audited, the store told. */
export async function requestWithdrawal(app: FastifyInstance, identity: ConsoleIdentity, input: WithdrawalRequest, context: AuditContext): Promise<Withdrawal> {
  const shopId = ownShop(identity);
  const amount = toMinor(input.amount);
  const { id, notifications } = await inRetriedTransaction(app.database.db, async (tx) => {
    const withdrawalId = await holdWithdrawal(tx, { shopId, amount, sealedDetails: payoutBox(app).seal(input.payout_details), requestedBy: context.actorUserId || null, now: context.now });
    await recordAudit(tx, context, {
      action: 'withdrawal.request',
      entityType: 'withdrawal',
      entityId: withdrawalId,
      shopId,
      before: null,
      after: { amount: toAmount(amount), status: 'requested', payout_details: maskPayoutDetails(input.payout_details) },
    });
    return { id: withdrawalId, notifications: await tell(app, tx, withdrawalId, { kind: 'withdrawal_requested' }) };
  });
  await afterCommit(app, notifications);
  return readWithdrawal(app, identity, id);
}

export type WithdrawalDecision = { action: 'approve' } | { action: 'pay'; reference: string } | { action: 'reject'; reason: string };

/** Which statuses each step starts from, and the 409 when the withdrawal is elsewhere. */
const steps = {
  approve: { from: ['requested'], to: 'approved', refused: WITHDRAWAL_NOT_REQUESTED },
  pay: { from: ['approved'], to: 'paid', refused: WITHDRAWAL_NOT_APPROVED },
  reject: { from: ['requested', 'approved'], to: 'rejected', refused: WITHDRAWAL_DECIDED },
} as const satisfies Record<WithdrawalDecision['action'], { from: readonly WithdrawalStatus[]; to: WithdrawalStatus; refused: string }>;

/**
 * `POST /api/console/withdrawals/{id}/approve|pay|reject`, the store's: under the withdrawal's lock,
 * a requested one is approved, an approved one marked paid with the transfer's reference, a requested
 * or approved one rejected with a reason, its hold released by a `withdrawal_released` entry. The
 * shop's owner hears of a payment or a rejection.
 */
export async function decideWithdrawal(app: FastifyInstance, identity: ConsoleIdentity, id: number, decision: WithdrawalDecision, context: AuditContext): Promise<Withdrawal> {
  const step = steps[decision.action];
  const notifications = await inRetriedTransaction(app.database.db, async (tx) => {
    const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!withdrawal) throw notFound(WITHDRAWAL_NOT_FOUND);
    if (!(step.from as readonly WithdrawalStatus[]).includes(withdrawal.status)) throw conflict(step.refused);
    const by = context.actorUserId || null;
    const change =
      decision.action === 'pay'
        ? { status: step.to, reference: decision.reference, paidBy: by, paidAt: context.now }
        : decision.action === 'reject'
          ? { status: step.to, rejectReason: decision.reason, decidedBy: by, decidedAt: context.now }
          : { status: step.to, decidedBy: by, decidedAt: context.now };
    await tx.update(withdrawals).set(change).where(eq(withdrawals.id, id));
    if (decision.action === 'reject') {
      await tx
        .insert(shopLedgerEntries)
        .values({ shopId: withdrawal.shopId, kind: 'withdrawal_released', amount: withdrawal.amount, status: 'available', availableAt: context.now, withdrawalId: id, createdAt: context.now });
    }
    await recordAudit(tx, context, {
      action: `withdrawal.${decision.action}`,
      entityType: 'withdrawal',
      entityId: id,
      shopId: withdrawal.shopId,
      before: { status: withdrawal.status },
      after: { status: step.to, ...(decision.action === 'pay' && { reference: decision.reference }), ...(decision.action === 'reject' && { reject_reason: decision.reason }) },
    });
    if (decision.action === 'pay') return tell(app, tx, id, { kind: 'withdrawal_paid', reference: decision.reference });
    if (decision.action === 'reject') return tell(app, tx, id, { kind: 'withdrawal_rejected', reason: decision.reason });
    return [];
  });
  await afterCommit(app, notifications);
  return readWithdrawal(app, identity, id);
}

/**
 * `POST /api/console/withdrawals/{id}/payout-details`, the store's: the details in full, so the
 * transfer can be made (or a dispute settled, whatever the withdrawal's status). Each reading leaves
 * an audit row naming the withdrawal and who read it; the details themselves are in no row or log.
 */
export async function revealPayoutDetails(app: FastifyInstance, id: number, context: AuditContext): Promise<WithdrawalPayoutDetails> {
  return app.database.db.transaction(async (tx) => {
    const [withdrawal] = await tx.select({ shopId: withdrawals.shopId, payoutDetails: withdrawals.payoutDetails }).from(withdrawals).where(eq(withdrawals.id, id));
    if (!withdrawal) throw notFound(WITHDRAWAL_NOT_FOUND);
    await recordAudit(tx, context, { action: 'withdrawal.reveal_payout_details', entityType: 'withdrawal', entityId: id, shopId: withdrawal.shopId, before: null, after: null });
    return { payout_details: payoutBox(app).open(withdrawal.payoutDetails) };
  });
}
