import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { sessionHeadersSchema } from '../auth/auth.routes.ts';
import { acceptInvitation, acceptWithPassword, declineInvitation, forgetExpiredInvitations, leaveConsole, listMyInvitations } from './console-invitations.service.ts';
import { INVITATION_NOT_FOUND_MESSAGE } from './console-staff.service.ts';

const tags = ['Console invitations'];
const INVITATIONS_EXPIRY_JOB = 'console-invitations-expiry';
const security = SIGNED_IN;

/**
 * The invited person's side (decision 049): outside `/api/console/`, whose routes are for members;
 * here anyone signed in answers the invitations to their e-mail, and a member leaves.
 */
export async function consoleInvitationRoutes(app: ApiInstance) {
  app.get(
    '/console-invitations',
    { preValidation: authenticate, schema: { tags, summary: "The console invitations open to the signed-in person's e-mail", security, ...endpointSchema('GET /console-invitations') } },
    async (request) => ({ message: 'Invitations', data: { invitations: await listMyInvitations(app, currentUser(request).id) } }),
  );

  app.post(
    '/console-invitations/:id/accept',
    { preValidation: authenticate, schema: { tags, summary: 'Accepts an invitation: the signed-in person joins that console', security, ...endpointSchema('POST /console-invitations/:id/accept') } },
    async (request) => {
      await acceptInvitation(request, currentUser(request).id, recordId(request, INVITATION_NOT_FOUND_MESSAGE));
      return { message: 'Invitation accepted', data: {} };
    },
  );

  app.post(
    '/console-invitations/:id/decline',
    { preValidation: authenticate, schema: { tags, summary: 'Declines an invitation', security, ...endpointSchema('POST /console-invitations/:id/decline') } },
    async (request) => {
      await declineInvitation(request, currentUser(request).id, recordId(request, INVITATION_NOT_FOUND_MESSAGE));
      return { message: 'Invitation declined', data: {} };
    },
  );

  app.post(
    '/console-invitations/accept',
    {
      schema: {
        tags,
        summary: "Accepts through the mailed link an invitation to an e-mail with no account: the account is made with the chosen password and signed in",
        headers: sessionHeadersSchema,
        ...endpointSchema('POST /console-invitations/accept'),
      },
    },
    async (request, reply) => ({ message: 'Invitation accepted', data: await acceptWithPassword(request, reply, request.body) }),
  );

  app.delete(
    '/console-membership',
    { preValidation: authenticate, schema: { tags, summary: "Leaves the console (a shop's owner cannot); the account stays a shopper's", security, ...endpointSchema('DELETE /console-membership') } },
    async (request) => {
      await leaveConsole(request, currentUser(request).id);
      return { message: 'You left the console', data: {} };
    },
  );

  await app.jobs.repeat(INVITATIONS_EXPIRY_JOB, app.config.jobs.housekeepingSeconds, () => forgetExpiredInvitations(app.database.db, app.clock.now()));
}
