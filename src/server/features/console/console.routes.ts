import { z } from 'zod';
import { toPercent } from '../../../shared/money.ts';
import { answerOf, noDataSchema } from '../../../shared/api-answers.ts';
import { auditLogPageSchema, auditLogQuerySchema, consoleLanguageSchema, consoleMeSchema, staffChangeSchema, staffMemberSchema } from '../../../shared/console.contract.ts';
import { recordIdParamsSchema } from '../../../shared/orders.contract.ts';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import { auditContext } from '../../platform/audit-log.ts';
import { ANY_MEMBER, consoleIdentity } from '../../platform/console-access.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { recordId } from '../../platform/record-id.ts';
import { keptStoreSettings } from '../settings/settings.service.ts';
import { listAuditLog } from './audit-log.service.ts';
import { changeStaff, INVITATION_NOT_FOUND_MESSAGE, inviteStaff, listStaff, removeStaff, saveMemberLanguage, STAFF_NOT_FOUND_MESSAGE, withdrawInvitation } from './console-staff.service.ts';

const tags = ['Console'];
const security = SIGNED_IN;
const memberAnswer = answerOf(z.object({ member: staffMemberSchema }));

/**
 * `/api/console/...`: who is signed in, the staff, the audit log. Each route names its permission in
 * `config.permission`; the check runs before it (`guardConsoleRoutes`, decision 027).
 */
export async function consoleRoutes(app: ApiInstance) {
  app.get(
    '/console/me',
    { config: { permission: ANY_MEMBER }, schema: { tags, summary: 'Who is signed in to the console and what they may do', security, response: { 200: answerOf(consoleMeSchema) } } },
    async (request) => {
      const { userId, name, email, scope, role, shop, permissions } = consoleIdentity(request);
      const { sellers_moderate_reviews, time_zone, commission_rate } = await keptStoreSettings(app.caches, app.database.db);
      return {
        message: 'Console',
        data: { user: { id: userId, name, email }, scope, role, shop, permissions: [...permissions], sellers_moderate_reviews, time_zone, commission_rate: toPercent(commission_rate) },
      };
    },
  );

  app.put(
    '/console/me/language',
    {
      config: { permission: ANY_MEMBER },
      schema: { tags, summary: 'Keeps the language the member chose for the console, which mails to them are written in', security, body: consoleLanguageSchema, response: { 200: answerOf(noDataSchema) } },
    },
    async (request) => {
      await saveMemberLanguage(app.database.db, consoleIdentity(request).userId, request.body.locale);
      return { message: 'Language saved', data: {} };
    },
  );

  app.get(
    '/console/staff',
    { config: { permission: 'staff.manage' }, schema: { tags, summary: "The store's staff, or a shop's people, and the invitations still open", security, ...endpointSchema('GET /console/staff') } },
    async (request) => ({ message: 'Staff', data: await listStaff(app, consoleIdentity(request), request.query) }),
  );

  app.post(
    '/console/staff',
    {
      config: { permission: 'staff.manage' },
      schema: { tags, summary: "Invites an e-mail's holder, who accepts or declines; the answer says nothing of the e-mail's account", security, ...endpointSchema('POST /console/staff') },
    },
    async (request, reply) => {
      const invitation = await inviteStaff(app, consoleIdentity(request), request.body, auditContext(request));
      return reply.code(201).send({ message: 'Invitation sent', data: { invitation } });
    },
  );

  app.delete(
    '/console/staff/invitations/:id',
    { config: { permission: 'staff.manage' }, schema: { tags, summary: 'Takes back an invitation nobody has answered', security, ...endpointSchema('DELETE /console/staff/invitations/:id') } },
    async (request) => {
      await withdrawInvitation(app, consoleIdentity(request), recordId(request, INVITATION_NOT_FOUND_MESSAGE), auditContext(request));
      return { message: 'Invitation withdrawn', data: {} };
    },
  );

  app.patch(
    '/console/staff/:id',
    {
      config: { permission: 'staff.manage' },
      schema: { tags, summary: "Changes a member's role (store) or permissions (shop staff)", security, params: recordIdParamsSchema, body: staffChangeSchema, response: { 200: memberAnswer } },
    },
    async (request) => {
      const member = await changeStaff(app, consoleIdentity(request), recordId(request, STAFF_NOT_FOUND_MESSAGE), request.body, auditContext(request));
      return { message: 'Staff member updated', data: { member } };
    },
  );

  app.delete(
    '/console/staff/:id',
    { config: { permission: 'staff.manage' }, schema: { tags, summary: 'Removes a member (the store: any shop\'s but its owner); they stay signed in as a shopper', security, params: recordIdParamsSchema, response: { 200: answerOf(noDataSchema) } } },
    async (request) => {
      await removeStaff(app, consoleIdentity(request), recordId(request, STAFF_NOT_FOUND_MESSAGE), auditContext(request));
      return { message: 'Staff member removed', data: {} };
    },
  );

  app.get(
    '/console/audit-log',
    { config: { permission: 'audit.read' }, schema: { tags, summary: "Who changed what, newest first (a shop's people: their shop's)", security, querystring: auditLogQuerySchema, response: { 200: answerOf(auditLogPageSchema) } } },
    async (request) => ({ message: 'Audit log', data: await listAuditLog(app.database.db, consoleIdentity(request), request.query) }),
  );
}
