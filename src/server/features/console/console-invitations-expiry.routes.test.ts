import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { consoleInvitations } from '../../db/schema.ts';
import { addInvitation } from '../../test/console-fixtures.ts';
import { quickJobTiming } from '../../test/job-timing.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { startAppInstance } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';

let database: Database;
let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await startAppInstance(database, { jobs: quickJobTiming({ housekeepingSeconds: 1 }) }, { clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const invitationExists = async (id: number) => (await database.db.select({ id: consoleInvitations.id }).from(consoleInvitations).where(eq(consoleInvitations.id, id))).length > 0;

describe('expired staff invitations', () => {
  it('are deleted by the housekeeping, and the open ones kept', async () => {
    // Both live a day (the fixture's): the first is past it once the clock moves on, the second not yet.
    const expiring = await addInvitation(app);
    clock.advance({ hours: 12 });
    const open = await addInvitation(app);
    clock.advance({ hours: 13 });

    await vi.waitFor(async () => expect(await invitationExists(expiring)).toBe(false), { timeout: 15_000, interval: 200 });
    expect(await invitationExists(open)).toBe(true);
  });
});
