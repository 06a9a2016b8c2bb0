import { z } from 'zod';
import { SIGNED_IN } from '../../platform/api-documentation.ts';
import { authenticate, currentUser, revokeToken } from '../../platform/auth.ts';
import { announceSessionsEnded } from '../live/live-events.ts';
import { endpointSchema } from '../../platform/endpoint-schema.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { clearSessionCookie } from '../../platform/session-cookie.ts';
import { requestLocale } from '../i18n/answer-language.ts';
import { changePassword, logIn, registerCustomer } from './auth.service.ts';
import { sendOtp, verifyOtp, type CodeDeliveries } from './otp.service.ts';
import { resetPassword } from './password-reset.ts';
import { exchangeForCookieSession, startSession } from './session.ts';

const tags = ['Auth'];

/** Sign-ins answer a bearer token, or set the web's session cookie when asked (decision 017). */
export const sessionHeadersSchema = z.object({
  'x-session': z.string().optional().meta({ description: '`cookie`: set the httpOnly session cookie and answer `access.auth_type: "Cookie"` without the token (the web storefront).' }),
});

/** Registration, login, logout, one-time codes and passwords (the auth contract). */
export async function authRoutes(app: ApiInstance) {
  const codeDeliveries: CodeDeliveries = new Set();
  app.addHook('onClose', async () => {
    await Promise.all(codeDeliveries);
  });

  app.post(
    '/registration',
    {
      schema: {
        tags,
        summary: 'Creates a customer account and signs it in',
        description: "The phone's rules (required, length) are the store's settings (`GET /api/master`).",
        headers: sessionHeadersSchema,
        ...endpointSchema('POST /registration', { bodyCheckedByHandler: true }),
      },
    },
    async (request, reply) => {
      const user = await registerCustomer(app, request.body, request.ip);
      return { message: 'Register Successful', data: await startSession(request, reply, user) };
    },
  );

  app.post(
    '/login',
    { schema: { tags, summary: 'Signs in with an e-mail address or phone number and a password', headers: sessionHeadersSchema, ...endpointSchema('POST /login') } },
    async (request, reply) => {
      const user = await logIn(app, request.body, request.ip);
      return { message: 'Login Successful', data: await startSession(request, reply, user) };
    },
  );

  app.post(
    '/auth/cookie-session',
    {
      preValidation: authenticate,
      schema: {
        tags,
        summary: 'Exchanges a bearer token for the session cookie',
        description: 'The token ends; a new secret with the same expiry goes into the httpOnly cookie (decision 017).',
        security: SIGNED_IN,
        ...endpointSchema('POST /auth/cookie-session'),
      },
    },
    async (request, reply) => ({
      message: 'Login Successful',
      data: await exchangeForCookieSession(request, reply),
    }),
  );

  app.get('/logout', { preValidation: authenticate, schema: { tags, summary: 'Ends this session', security: SIGNED_IN, ...endpointSchema('GET /logout') } }, async (request, reply) => {
    const { id, tokenId } = currentUser(request);
    await revokeToken(app.database.db, tokenId, app.clock);
    await announceSessionsEnded({ events: app.events, log: request.log }, id);
    clearSessionCookie(reply);
    return { message: 'Logout successfully', data: {} };
  });

  app.post('/send-otp', { schema: { tags, summary: 'Sends a one-time code (sign-up verification or forgotten password)', ...endpointSchema('POST /send-otp') } }, async (request) => ({
    message: 'OTP sent successfully',
    data: await sendOtp(app, request.body, request.ip, codeDeliveries, requestLocale(request)),
  }));

  app.post('/verify-otp', { schema: { tags, summary: 'Checks a one-time code', ...endpointSchema('POST /verify-otp') } }, async (request) => ({
    message: 'OTP verified successfully',
    data: await verifyOtp(app, request.body, request.ip),
  }));

  app.post('/reset-password', { schema: { tags, summary: "Sets a new password with a verified code's token", ...endpointSchema('POST /reset-password') } }, async (request, reply) => {
    await resetPassword(app, request.body, request.ip);
    // Every session of the account has ended; this browser's cookie goes with them.
    clearSessionCookie(reply);
    return { message: 'Password reset successfully', data: {} };
  });

  app.post(
    '/change-password',
    { preValidation: authenticate, schema: { tags, summary: 'Changes the password; other sessions end', security: SIGNED_IN, ...endpointSchema('POST /change-password') } },
    async (request) => {
      await changePassword(app, currentUser(request), request.body, request.ip);
      return { message: 'Password changed successfully', data: {} };
    },
  );
}
