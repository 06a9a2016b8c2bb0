import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '../../../../shared/account.contract.ts';
import type { Db } from '../../../db/client.ts';
import { socialIdentities, users } from '../../../db/schema.ts';
import { revokeUserTokens } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { conflict, validationFailed } from '../../../platform/errors.ts';
import type { UserRow } from '../session.ts';
import type { ProviderIdentity } from './provider-identity.ts';
import { violatedUniqueConstraint } from '../../../platform/database-errors.ts';

const NAME_MAX_LENGTH = 100;

async function findLinkedUser(db: Db, provider: SocialProvider, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

/** The name a new account gets: the provider's, else what the SDK told the storefront (Apple gives it only once), else the e-mail's local part. */
function accountName(identity: ProviderIdentity, givenName: string | undefined): string {
  const name = identity.name ?? (givenName || null) ?? identity.email?.split('@')[0] ?? null;
  if (!name) throw validationFailed({ 'data.name': ['The name field is required.'] });
  return name.slice(0, NAME_MAX_LENGTH);
}

/** The account signed in to, and whether the sign-in ended its other sessions (a takeover). */
interface SignedInAccount {
  user: UserRow;
  endedSessions: boolean;
}

async function findOrCreate(db: Db, provider: SocialProvider, identity: ProviderIdentity, givenName: string | undefined, clock: Clock): Promise<SignedInAccount> {
  const linked = await findLinkedUser(db, provider, identity.subject);
  if (linked) return { user: linked, endedSessions: false };

  return db.transaction(async (tx) => {
    const [owner] = identity.email ? await tx.select().from(users).where(eq(users.email, identity.email)).limit(1) : [];
    let user: UserRow;
    let endedSessions = false;
    if (owner) {
      // Linking on an address the provider did not check would let anyone claim that account.
      if (!identity.emailVerified) throw conflict('An account with this email already exists. Please log in with your password.');
      if (owner.verifiedAt) user = owner;
      else {
        // Nobody ever proved this address: whoever set the password may have typed someone else's
        // e-mail. The person the provider vouches for takes the account over, so that password and
        // its sessions end (they can set a new password through "forgot password").
        [user] = (await tx
          .update(users)
          .set({ verifiedAt: clock.now(), passwordHash: null, updatedAt: clock.now() })
          .where(eq(users.id, owner.id))
          .returning()) as [UserRow];
        await revokeUserTokens(tx, owner.id, clock);
        endedSessions = true;
      }
    } else {
      [user] = (await tx
        .insert(users)
        .values({
          name: accountName(identity, givenName),
          email: identity.email,
          verifiedAt: identity.emailVerified ? clock.now() : null,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning()) as [UserRow];
    }
    await tx.insert(socialIdentities).values({ provider, subject: identity.subject, userId: user.id, createdAt: clock.now() });
    return { user, endedSessions };
  });
}

/**
 * The account behind a verified provider identity: the one already linked to it; else the account
 * with the e-mail the provider vouches for, now linked; else a new password-less account.
 */
export async function signInWithProviderIdentity(
  db: Db,
  provider: SocialProvider,
  identity: ProviderIdentity,
  givenName: string | undefined,
  clock: Clock,
): Promise<SignedInAccount> {
  try {
    return await findOrCreate(db, provider, identity, givenName, clock);
  } catch (error) {
    // Two first sign-ins of one person at once: the loser finds what the winner created.
    if (violatedUniqueConstraint(error) === undefined) throw error;
    return findOrCreate(db, provider, identity, givenName, clock);
  }
}
