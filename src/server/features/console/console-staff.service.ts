import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sellerStaffPermissions, type ConsoleRole, type StaffChange, type StaffInvite, type StaffMember } from '../../../shared/console.contract.ts';
import type { Locale } from '../../../shared/constants.ts';
import { required } from '../../../shared/text-fields.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { consoleMembers, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { revokeUserTokens } from '../../platform/auth.ts';
import { announceSessionsEnded } from '../live/live-events.ts';
import { isStoreRole, operationsRole, rolePermissions, shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { violatedUniqueConstraint } from '../../platform/database-errors.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mailer.ts';
import { issuePasswordResetToken } from '../auth/password-reset.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { mailWriter } from '../i18n/mail-text.ts';

export const STAFF_NOT_FOUND_MESSAGE = 'Staff member not found';
const LAST_OWNER_MESSAGE = 'The store must keep at least one owner.';
const SHOP_OWNER_FIXED_MESSAGE = "A shop's owner cannot be changed or removed.";
const ALREADY_MEMBER_MESSAGE = 'This e-mail already belongs to a console member.';
/** An invitation's link is good for a week: the invitee may not read their mail the same day. */
const INVITATION_LIFETIME_MINUTES = 7 * 24 * 60;

const invalidRole = () => validationFailed({ role: ['The selected role is invalid.'] });
const invalidPermissions = () => validationFailed({ permissions: ['The selected permissions is invalid.'] });

/** The members the identity manages: the store's staff, or its own shop's people. */
function sameScope(identity: ConsoleIdentity): SQL {
  const shopId = shopScope(identity);
  return shopId === null ? isNull(consoleMembers.shopId) : eq(consoleMembers.shopId, shopId);
}

const memberColumns = {
  id: consoleMembers.userId,
  name: users.name,
  email: users.email,
  role: consoleMembers.role,
  granted: consoleMembers.permissions,
  createdAt: consoleMembers.createdAt,
};
type MemberRow = { id: number; name: string; email: string | null; role: ConsoleRole; granted: string[]; createdAt: Date };

const selectMembers = (db: Db) => db.select(memberColumns).from(consoleMembers).innerJoin(users, eq(users.id, consoleMembers.userId));

function presentMember(row: MemberRow): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, permissions: [...rolePermissions(row.role, row.granted)], created_at: row.createdAt.toISOString() };
}

/** The fields of a membership the audit log compares. */
const audited = (row: Pick<MemberRow, 'role' | 'granted'>) => ({ role: row.role, permissions: row.granted });

/** `GET /api/console/staff`: oldest member first. */
export async function listStaff(db: Db, identity: ConsoleIdentity): Promise<StaffMember[]> {
  const rows = await selectMembers(db).where(sameScope(identity)).orderBy(asc(consoleMembers.createdAt), asc(consoleMembers.userId));
  return rows.map(presentMember);
}

/**
 * The role and permissions a write may give in the identity's scope: the store's staff take a store
 * role and nothing else; a shop's staff take `shop_staff` and some of `sellerStaffPermissions`.
 */
function grantFor(identity: ConsoleIdentity, role: string, permissions: readonly string[]): { role: ConsoleRole; granted: string[] } {
  if (identity.scope === 'store') {
    if (!isStoreRole(role)) throw invalidRole();
    if (permissions.length > 0) throw invalidPermissions();
    return { role, granted: [] };
  }
  if (role !== 'shop_staff') throw invalidRole();
  if (!permissions.every((permission) => (sellerStaffPermissions as readonly string[]).includes(permission))) throw invalidPermissions();
  return { role, granted: [...new Set(permissions)] };
}

/** The invitation, in the invitee's language when they already have an account that has one, else the store's. */
async function invitationMail(
  app: FastifyInstance,
  tx: Db,
  invitee: { id: number; email: string; name: string; locale: Locale | null },
  isNew: boolean,
  shopName: string | undefined,
): Promise<Mail> {
  const { app_name: appName, app_locale: storeLocale } = await readStoreSettings(tx);
  const write = mailWriter(invitee.locale ?? storeLocale);
  const added = shopName ? write('You have been added to the console of {{shop}} at {{store}}.', { shop: shopName, store: appName }) : write('You have been added to the store console at {{store}}.', { store: appName });
  const greeting = [write('Hello {{name}},', { name: invitee.name }), '', added, ''];
  if (!isNew) {
    return {
      to: invitee.email,
      subject: `[${appName}] ${write('You have been added to the console')}`,
      text: [...greeting, write('Sign in with your account at {{url}}', { url: `${app.config.publicUrl}/console` })].join('\n'),
    };
  }
  const token = await issuePasswordResetToken(tx, invitee.id, app.clock, INVITATION_LIFETIME_MINUTES);
  return {
    to: invitee.email,
    subject: `[${appName}] ${write('You are invited to the console')}`,
    text: [
      ...greeting,
      write('Choose your password within {{count}} days to accept:', { count: INVITATION_LIFETIME_MINUTES / (24 * 60) }),
      `${app.config.publicUrl}/console/invitation?token=${token}`,
    ].join('\n'),
  };
}

/**
 * `POST /api/console/staff`: makes the e-mail's account a member (a new account when the e-mail is
 * unknown, whose owner sets a password through the invitation's link) and mails them, all in one
 * transaction with its audit row.
 */
export async function inviteStaff(app: FastifyInstance, identity: ConsoleIdentity, input: StaffInvite, context: AuditContext): Promise<StaffMember> {
  const grant = grantFor(identity, input.role, input.permissions ?? []);
  const shopId = shopScope(identity);
  try {
    const memberId = await inRetriedTransaction(app.database.db, async (tx) => {
      const [existing] = await tx.select({ id: users.id, name: users.name, role: users.role, locale: users.locale }).from(users).where(eq(users.email, input.email));
      if (existing && existing.role !== 'customer') throw validationFailed({ email: [ALREADY_MEMBER_MESSAGE] });
      if (!existing && !input.name) throw validationFailed({ name: [required('name')] });
      const [invitee] = existing
        ? [existing]
        : await tx.insert(users).values({ name: input.name!, email: input.email, createdAt: context.now, updatedAt: context.now }).returning({ id: users.id, name: users.name, locale: users.locale });
      const [added] = await tx
        .insert(consoleMembers)
        .values({ userId: invitee!.id, shopId, role: grant.role, permissions: grant.granted, createdAt: context.now, updatedAt: context.now })
        .onConflictDoNothing()
        .returning({ userId: consoleMembers.userId });
      if (!added) throw validationFailed({ email: [ALREADY_MEMBER_MESSAGE] });
      await tx.update(users).set({ role: operationsRole(grant.role), updatedAt: context.now }).where(eq(users.id, invitee!.id));
      await recordAudit(tx, context, {
        action: 'staff.invite',
        entityType: 'staff_member',
        entityId: invitee!.id,
        shopId,
        before: null,
        after: { email: input.email, name: invitee!.name, ...audited(grant) },
      });
      await app.jobs.queueMail(await invitationMail(app, tx, { id: invitee!.id, email: input.email, name: invitee!.name, locale: invitee!.locale }, !existing, identity.shop?.name), tx);
      return invitee!.id;
    });
    app.jobs.sendQueuedMail();
    const [row] = await selectMembers(app.database.db).where(eq(consoleMembers.userId, memberId));
    return presentMember(row!);
  } catch (error) {
    // Two invitations of one new e-mail at once: the second finds the first's account taken.
    if (violatedUniqueConstraint(error) !== undefined) throw validationFailed({ email: [ALREADY_MEMBER_MESSAGE] });
    throw error;
  }
}

/** The member, locked for the write; another scope's member (or nobody) is not found. */
async function lockMember(tx: Db, identity: ConsoleIdentity, memberId: number): Promise<MemberRow> {
  const [row] = await selectMembers(tx)
    .where(and(eq(consoleMembers.userId, memberId), sameScope(identity)))
    .for('update', { of: consoleMembers });
  if (!row) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  if (row.role === 'shop_owner') throw new HttpError(422, SHOP_OWNER_FIXED_MESSAGE);
  return row;
}

/**
 * Refuses a write that would leave the store without an owner. Every owner row is locked (in one
 * order), so two owners demoting each other at once cannot both pass.
 */
async function keepAnOwner(tx: Db, member: MemberRow, nextRole: ConsoleRole | null) {
  if (member.role !== 'owner' || nextRole === 'owner') return;
  const owners = await tx
    .select({ id: consoleMembers.userId })
    .from(consoleMembers)
    .where(and(isNull(consoleMembers.shopId), eq(consoleMembers.role, 'owner')))
    .orderBy(asc(consoleMembers.userId))
    .for('update');
  if (owners.every((owner) => owner.id === member.id)) throw validationFailed({ role: [LAST_OWNER_MESSAGE] });
}

/** `PATCH /api/console/staff/{id}`: a store member's role, or a shop staff member's permissions. */
export async function changeStaff(app: FastifyInstance, identity: ConsoleIdentity, memberId: number, input: StaffChange, context: AuditContext): Promise<StaffMember> {
  await inRetriedTransaction(app.database.db, async (tx) => {
    const member = await lockMember(tx, identity, memberId);
    if (identity.scope === 'store' && input.role === undefined) throw validationFailed({ role: [required('role')] });
    if (identity.scope === 'shop' && input.permissions === undefined) throw validationFailed({ permissions: [required('permissions')] });
    const grant = grantFor(identity, input.role ?? member.role, input.permissions ?? []);
    await keepAnOwner(tx, member, grant.role);
    await tx.update(consoleMembers).set({ role: grant.role, permissions: grant.granted, updatedAt: context.now }).where(eq(consoleMembers.userId, memberId));
    await tx.update(users).set({ role: operationsRole(grant.role), updatedAt: context.now }).where(eq(users.id, memberId));
    await recordAudit(tx, context, { action: 'staff.update', entityType: 'staff_member', entityId: memberId, shopId: shopScope(identity), before: audited(member), after: audited(grant) });
  });
  const [row] = await selectMembers(app.database.db).where(eq(consoleMembers.userId, memberId));
  return presentMember(row!);
}

/** `DELETE /api/console/staff/{id}`: the account stays a shopper's; every session of it ends. */
export async function removeStaff(app: FastifyInstance, identity: ConsoleIdentity, memberId: number, context: AuditContext): Promise<void> {
  await inRetriedTransaction(app.database.db, async (tx) => {
    const member = await lockMember(tx, identity, memberId);
    await keepAnOwner(tx, member, null);
    await tx.delete(consoleMembers).where(eq(consoleMembers.userId, memberId));
    await tx.update(users).set({ role: operationsRole(null), updatedAt: context.now }).where(eq(users.id, memberId));
    await revokeUserTokens(tx, memberId, app.clock);
    await recordAudit(tx, context, {
      action: 'staff.remove',
      entityType: 'staff_member',
      entityId: memberId,
      shopId: shopScope(identity),
      before: { email: member.email, name: member.name, ...audited(member) },
      after: null,
    });
  });
  await announceSessionsEnded({ events: app.events, log: app.log }, memberId);
}

/** The console language a member chose: the one the store's mails to them are written in from now on. */
export async function saveMemberLanguage(db: Db, userId: number, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
