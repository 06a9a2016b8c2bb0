import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResetPasswordInput, SessionData } from '../../../shared/account.contract.ts';
import type { ConsoleInvitation } from '../../../shared/console.contract.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { consoleInvitations, consoleMembers, shops, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { operationsRole, rolePermissions } from '../../platform/console-access.ts';
import { violatedUniqueConstraint } from '../../platform/database-errors.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import { sha256 } from '../../platform/secrets.ts';
import { refuseBlocked, startSession, type UserRow } from '../auth/session.ts';
import { endMembership, INVITATION_NOT_FOUND_MESSAGE, selectMembers } from './console-staff.service.ts';

const ALREADY_IN_A_CONSOLE_MESSAGE = 'You already work in a console. Leave it before you accept another invitation.';
const NOT_A_MEMBER_MESSAGE = 'You are not a member of a console.';
const SHOP_OWNER_STAYS_MESSAGE = "A shop's owner cannot leave their shop.";
const ACCOUNT_EXISTS_MESSAGE = 'An account with this e-mail already exists. Sign in to accept the invitation.';
const invalidLink = () => validationFailed({ token: ['This invitation link is invalid or has expired.'] });

type InvitationRow = typeof consoleInvitations.$inferSelect;

/** The holder's own write, audited as the role it is about (the one they take, decline or leave). */
const holderContext = (request: FastifyRequest, userId: number, role: InvitationRow['role']): AuditContext => ({
  actorUserId: userId,
  actorRole: role,
  clientAddress: request.ip ?? null,
  requestId: request.id,
  now: request.server.clock.now(),
});

const openFor = (email: string, now: Date) => and(eq(consoleInvitations.email, email), gt(consoleInvitations.expiresAt, now));

/** The signed-in account, locked; its e-mail is what invitations are addressed to. */
async function lockAccount(tx: Db, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  refuseBlocked(user);
  return user;
}

/** `GET /api/console-invitations`: the invitations open to the signed-in person's e-mail, oldest first. */
export async function listMyInvitations(app: FastifyInstance, userId: number): Promise<ConsoleInvitation[]> {
  const { db } = app.database;
  const [user] = await db.select({ email: users.email, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (!user?.email || user.blockedAt) return [];
  const rows = await db
    .select({ invitation: consoleInvitations, shopName: shops.name })
    .from(consoleInvitations)
    .leftJoin(shops, eq(shops.id, consoleInvitations.shopId))
    .where(openFor(user.email, app.clock.now()))
    .orderBy(asc(consoleInvitations.createdAt), asc(consoleInvitations.id));
  return rows.map(({ invitation, shopName }) => ({
    id: invitation.id,
    shop: invitation.shopId === null ? null : { id: invitation.shopId, name: shopName! },
    role: invitation.role,
    permissions: [...rolePermissions(invitation.role, invitation.permissions)],
    expires_at: invitation.expiresAt.toISOString(),
  }));
}

/** Makes the account a member as the invitation says and uses the invitation up, with the audit row. */
async function join(tx: Db, user: UserRow, invitation: InvitationRow, context: AuditContext) {
  const [joined] = await tx
    .insert(consoleMembers)
    .values({ userId: user.id, shopId: invitation.shopId, role: invitation.role, permissions: invitation.permissions, createdAt: context.now, updatedAt: context.now })
    .onConflictDoNothing()
    .returning({ userId: consoleMembers.userId });
  if (!joined) throw new HttpError(422, ALREADY_IN_A_CONSOLE_MESSAGE);
  await tx.update(users).set({ role: operationsRole(invitation.role), updatedAt: context.now }).where(eq(users.id, user.id));
  await tx.delete(consoleInvitations).where(eq(consoleInvitations.id, invitation.id));
  await recordAudit(tx, context, {
    action: 'staff_member.join',
    entityType: 'staff_member',
    entityId: user.id,
    shopId: invitation.shopId,
    before: null,
    after: { email: user.email, name: user.name, role: invitation.role, permissions: invitation.permissions },
  });
}

/** The signed-in person's open invitation, locked; anyone else's (or none) is not found. */
async function lockMyInvitation(tx: Db, user: UserRow, invitationId: number, now: Date): Promise<InvitationRow> {
  const [invitation] = user.email
    ? await tx
        .select()
        .from(consoleInvitations)
        .where(and(eq(consoleInvitations.id, invitationId), openFor(user.email, now)))
        .for('update')
    : [];
  if (!invitation) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  return invitation;
}

/** `POST /api/console-invitations/{id}/accept`: the signed-in holder joins the console the invitation names. */
export async function acceptInvitation(request: FastifyRequest, userId: number, invitationId: number): Promise<void> {
  await inRetriedTransaction(request.server.database.db, async (tx) => {
    const user = await lockAccount(tx, userId);
    const invitation = await lockMyInvitation(tx, user, invitationId, request.server.clock.now());
    await join(tx, user, invitation, holderContext(request, userId, invitation.role));
  });
}

/** `POST /api/console-invitations/{id}/decline`: the holder says no; the invitation is gone. */
export async function declineInvitation(request: FastifyRequest, userId: number, invitationId: number): Promise<void> {
  await inRetriedTransaction(request.server.database.db, async (tx) => {
    const user = await lockAccount(tx, userId);
    const invitation = await lockMyInvitation(tx, user, invitationId, request.server.clock.now());
    await tx.delete(consoleInvitations).where(eq(consoleInvitations.id, invitation.id));
    await recordAudit(tx, holderContext(request, userId, invitation.role), {
      action: 'staff_invitation.decline',
      entityType: 'staff_invitation',
      entityId: invitation.id,
      shopId: invitation.shopId,
      before: { email: invitation.email, role: invitation.role, permissions: invitation.permissions },
      after: null,
    });
  });
}

/**
 * `POST /api/console-invitations/accept`: an e-mail with no account accepts through the mailed link:
 * the account is made with the chosen password (the link proved the e-mail), joins, and is signed in.
 */
export async function acceptWithPassword(request: FastifyRequest, reply: FastifyReply, input: ResetPasswordInput): Promise<SessionData> {
  const { database, clock, passwords } = request.server;
  const isOpen = and(eq(consoleInvitations.tokenHash, sha256(input.token)), gt(consoleInvitations.expiresAt, clock.now()));
  // Checked before hashing, so a made-up token costs no scrypt work.
  const [open] = await database.db.select({ id: consoleInvitations.id }).from(consoleInvitations).where(isOpen);
  if (!open) throw invalidLink();
  const passwordHash = await passwords.hash(input.password);
  try {
    const user = await inRetriedTransaction(database.db, async (tx) => {
      const [invitation] = await tx.select().from(consoleInvitations).where(isOpen).for('update');
      if (!invitation) throw invalidLink();
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
      if (holder) throw validationFailed({ token: [ACCOUNT_EXISTS_MESSAGE] });
      const now = clock.now();
      const [created] = await tx
        .insert(users)
        .values({ name: invitation.name, email: invitation.email, passwordHash, verifiedAt: now, createdAt: now, updatedAt: now })
        .returning();
      await join(tx, created!, invitation, holderContext(request, created!.id, invitation.role));
      const [joined] = await tx.select().from(users).where(eq(users.id, created!.id));
      return joined!;
    });
    return await startSession(request, reply, user);
  } catch (error) {
    // The e-mail's account made at the same moment (a sign-up racing the link).
    if (violatedUniqueConstraint(error) !== undefined) throw validationFailed({ token: [ACCOUNT_EXISTS_MESSAGE] });
    throw error;
  }
}

/** `DELETE /api/console-membership`: a member leaves the console; a shop's owner stays, and so does the store's last owner. */
export async function leaveConsole(request: FastifyRequest, userId: number): Promise<void> {
  await inRetriedTransaction(request.server.database.db, async (tx) => {
    const [member] = await selectMembers(tx).where(eq(consoleMembers.userId, userId)).for('update', { of: consoleMembers });
    if (!member) throw notFound(NOT_A_MEMBER_MESSAGE);
    if (member.role === 'shop_owner') throw new HttpError(422, SHOP_OWNER_STAYS_MESSAGE);
    await endMembership(tx, member, holderContext(request, userId, member.role), 'staff_member.leave');
  });
}

/**
 * The housekeeping's part (decision 049): expired invitations, which nobody sees or can accept any
 * more, are deleted with their e-mails and token hashes rather than kept for ever.
 */
export async function forgetExpiredInvitations(db: Db, now: Date) {
  await db.delete(consoleInvitations).where(lte(consoleInvitations.expiresAt, now));
}
