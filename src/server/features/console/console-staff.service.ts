import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sellerStaffPermissions, type ConsoleRole, type StaffChange, type StaffInvitation, type StaffInvite, type StaffList, type StaffListQuery, type StaffMember } from '../../../shared/console.contract.ts';
import type { Locale } from '../../../shared/constants.ts';
import { required } from '../../../shared/text-fields.ts';
import type { Db } from '../../db/client.ts';
import { inRetriedTransaction } from '../../db/retry-transaction.ts';
import { consoleInvitations, consoleMembers, users } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { isStoreRole, operationsRole, rolePermissions, shopScope, type ConsoleIdentity } from '../../platform/console-access.ts';
import { HttpError, notFound, validationFailed } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mailer.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';
import { readStoreSettings } from '../settings/settings.service.ts';
import { mailWriter } from '../i18n/mail-text.ts';

export const STAFF_NOT_FOUND_MESSAGE = 'Staff member not found';
const LAST_OWNER_MESSAGE = 'The store must keep at least one owner.';
const SHOP_OWNER_FIXED_MESSAGE = "A shop's owner cannot be changed or removed.";
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
/** An invitation's link is good for a week: the invitee may not read their mail the same day. */
export const INVITATION_LIFETIME_MINUTES = 7 * 24 * 60;

const invalidRole = () => validationFailed({ role: ['The selected role is invalid.'] });
const invalidPermissions = () => validationFailed({ permissions: ['The selected permissions is invalid.'] });

/** The members the identity manages: the store's staff, or its own shop's people. */
function sameScope(identity: ConsoleIdentity): SQL {
  const shopId = shopScope(identity);
  return shopId === null ? isNull(consoleMembers.shopId) : eq(consoleMembers.shopId, shopId);
}

const memberColumns = {
  id: consoleMembers.userId,
  shopId: consoleMembers.shopId,
  name: users.name,
  email: users.email,
  role: consoleMembers.role,
  granted: consoleMembers.permissions,
  createdAt: consoleMembers.createdAt,
};
export type MemberRow = { id: number; shopId: number | null; name: string; email: string | null; role: ConsoleRole; granted: string[]; createdAt: Date };

export const selectMembers = (db: Db) => db.select(memberColumns).from(consoleMembers).innerJoin(users, eq(users.id, consoleMembers.userId));

function presentMember(row: MemberRow): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, permissions: [...rolePermissions(row.role, row.granted)], created_at: row.createdAt.toISOString() };
}

/** The fields of a membership the audit log compares. */
const audited = (row: Pick<MemberRow, 'role' | 'granted'>) => ({ role: row.role, permissions: row.granted });

/**
 * `GET /api/console/staff`: oldest member first, and the invitations still open. The store's staff
 * name a shop to see its people (`shop_id`); a shop's people always see their own shop's.
 */
export async function listStaff(app: FastifyInstance, identity: ConsoleIdentity, query: StaffListQuery): Promise<StaffList> {
  const { db } = app.database;
  const shopId = identity.scope === 'store' ? (query.shop_id ?? null) : shopScope(identity);
  const members = await selectMembers(db)
    .where(shopId === null ? isNull(consoleMembers.shopId) : eq(consoleMembers.shopId, shopId))
    .orderBy(asc(consoleMembers.createdAt), asc(consoleMembers.userId));
  const invitations = await db
    .select()
    .from(consoleInvitations)
    .where(and(sameInvitationScope(shopId), gt(consoleInvitations.expiresAt, app.clock.now())))
    .orderBy(asc(consoleInvitations.createdAt), asc(consoleInvitations.id));
  return { staff: members.map(presentMember), invitations: invitations.map(presentInvitation) };
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

/** The invitations the identity manages: the store's own, or its shop's. */
function sameInvitationScope(shopId: number | null): SQL {
  return shopId === null ? isNull(consoleInvitations.shopId) : eq(consoleInvitations.shopId, shopId);
}

type InvitationRow = typeof consoleInvitations.$inferSelect;

function presentInvitation(row: InvitationRow): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: [...rolePermissions(row.role, row.permissions)],
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The invitation's mail to the e-mail's holder, in their language when their account has one, else
 * the store's: an account signs in to accept; an unknown e-mail chooses a password through the
 * link. A blocked account is not written to: it may not join (decision 049).
 */
async function invitationMail(app: FastifyInstance, tx: Db, invitation: InvitationRow, token: string, shopName: string | undefined): Promise<Mail | undefined> {
  const [holder] = await tx.select({ name: users.name, locale: users.locale, blockedAt: users.blockedAt }).from(users).where(eq(users.email, invitation.email));
  if (holder?.blockedAt) return undefined;
  const { app_name: appName, app_locale: storeLocale } = await readStoreSettings(tx);
  const write = mailWriter(holder?.locale ?? storeLocale);
  const place = shopName ? write('You are invited to the console of {{shop}} at {{store}}.', { shop: shopName, store: appName }) : write('You are invited to the store console at {{store}}.', { store: appName });
  const days = INVITATION_LIFETIME_MINUTES / (24 * 60);
  const answer = holder
    ? [write('Sign in with your account within {{count}} days to accept or decline it:', { count: days }), `${app.config.publicUrl}/console/invitation`]
    : [write('Choose your password within {{count}} days to accept:', { count: days }), `${app.config.publicUrl}/console/invitation?token=${token}`];
  return {
    to: invitation.email,
    subject: `[${appName}] ${write('You are invited to the console')}`,
    text: [write('Hello {{name}},', { name: holder?.name ?? invitation.name }), '', place, '', ...answer].join('\n'),
  };
}

/**
 * `POST /api/console/staff`: an invitation to whoever holds the e-mail (decision 049), mailed to
 * them, in one transaction with its audit row. Nothing joins the console before its holder accepts;
 * the answer is the same whether the e-mail has an account, is a member, is blocked, or is unknown.
 * A second invitation of the e-mail to the same place replaces the first (whose link stops working).
 */
export async function inviteStaff(app: FastifyInstance, identity: ConsoleIdentity, input: StaffInvite, context: AuditContext): Promise<StaffInvitation> {
  const grant = grantFor(identity, input.role, input.permissions ?? []);
  const shopId = shopScope(identity);
  const invitation = await inRetriedTransaction(app.database.db, async (tx) => {
    await tx.delete(consoleInvitations).where(and(eq(consoleInvitations.email, input.email), sameInvitationScope(shopId)));
    const token = newToken();
    const [row] = await tx
      .insert(consoleInvitations)
      .values({
        email: input.email,
        name: input.name,
        shopId,
        role: grant.role,
        permissions: grant.granted,
        tokenHash: sha256(token),
        invitedBy: identity.userId,
        expiresAt: new Date(context.now.getTime() + INVITATION_LIFETIME_MINUTES * 60_000),
        createdAt: context.now,
      })
      .returning();
    await recordAudit(tx, context, { action: 'staff_invitation.send', entityType: 'staff_invitation', entityId: row!.id, shopId, before: null, after: { email: input.email, name: input.name, ...audited(grant) } });
    const mail = await invitationMail(app, tx, row!, token, identity.shop?.name);
    if (mail) await app.jobs.queueMail(mail, tx);
    return row!;
  });
  app.jobs.sendQueuedMail();
  return presentInvitation(invitation);
}

/**
 * `DELETE /api/console/staff/invitations/{id}`: the sender takes an invitation back before it is
 * answered; the store's staff may take back any shop's. Another shop's is not found.
 */
export async function withdrawInvitation(app: FastifyInstance, identity: ConsoleIdentity, invitationId: number, context: AuditContext): Promise<void> {
  await inRetriedTransaction(app.database.db, async (tx) => {
    const scope = identity.scope === 'store' ? undefined : sameInvitationScope(shopScope(identity));
    const [removed] = await tx.delete(consoleInvitations).where(and(eq(consoleInvitations.id, invitationId), scope)).returning();
    if (!removed) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    await recordAudit(tx, context, {
      action: 'staff_invitation.withdraw',
      entityType: 'staff_invitation',
      entityId: removed.id,
      shopId: removed.shopId,
      before: { email: removed.email, name: removed.name, ...audited({ role: removed.role, granted: removed.permissions }) },
      after: null,
    });
  });
}

/**
 * The member, locked for the write; another scope's member (or nobody) is not found. `anyShop`: the
 * store's staff reach every shop's people too (to remove one, decision 049).
 */
async function lockMember(tx: Db, identity: ConsoleIdentity, memberId: number, { anyShop = false } = {}): Promise<MemberRow> {
  const [row] = await selectMembers(tx)
    .where(and(eq(consoleMembers.userId, memberId), anyShop && identity.scope === 'store' ? undefined : sameScope(identity)))
    .for('update', { of: consoleMembers });
  if (!row) throw notFound(STAFF_NOT_FOUND_MESSAGE);
  if (row.role === 'shop_owner') throw new HttpError(422, SHOP_OWNER_FIXED_MESSAGE);
  return row;
}

/**
 * Refuses a write that would leave the store without an owner. Every owner row is locked (in one
 * order), so two owners demoting each other at once cannot both pass.
 */
export async function keepAnOwner(tx: Db, member: MemberRow, nextRole: ConsoleRole | null) {
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
    await recordAudit(tx, context, { action: 'staff_member.update', entityType: 'staff_member', entityId: memberId, shopId: shopScope(identity), before: audited(member), after: audited(grant) });
  });
  const [row] = await selectMembers(app.database.db).where(eq(consoleMembers.userId, memberId));
  return presentMember(row!);
}

/**
 * `DELETE /api/console/staff/{id}`: the store's staff may remove anyone but a shop's owner, a shop's
 * owner their shop's staff. Only the console closes to them: the account stays a shopper's, signed
 * in where it was (decision 049).
 */
export async function removeStaff(app: FastifyInstance, identity: ConsoleIdentity, memberId: number, context: AuditContext): Promise<void> {
  await inRetriedTransaction(app.database.db, async (tx) => {
    const member = await lockMember(tx, identity, memberId, { anyShop: true });
    await endMembership(tx, member, context, 'staff_member.remove');
  });
}

/** Ends a membership (removed, or left) with its audit row; the store keeps an owner. */
export async function endMembership(tx: Db, member: MemberRow, context: AuditContext, action: 'staff_member.remove' | 'staff_member.leave') {
  await keepAnOwner(tx, member, null);
  await tx.delete(consoleMembers).where(eq(consoleMembers.userId, member.id));
  await tx.update(users).set({ role: operationsRole(null), updatedAt: context.now }).where(eq(users.id, member.id));
  await recordAudit(tx, context, {
    action,
    entityType: 'staff_member',
    entityId: member.id,
    shopId: member.shopId,
    before: { email: member.email, name: member.name, ...audited(member) },
    after: null,
  });
}

/** The console language a member chose: the one the store's mails to them are written in from now on. */
export async function saveMemberLanguage(db: Db, userId: number, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
