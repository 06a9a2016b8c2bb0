import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, loginSchema, resetPasswordSchema, sendOtpSchema, verifyOtpSchema } from '../../../shared/account.contract.ts';
import { authenticate, currentUser, revokeToken } from '../../platform/auth.ts';
import { clearSessionCookie } from '../../platform/session-cookie.ts';
import { parseInput } from '../../platform/validation.ts';
import { changePassword, logIn, registerCustomer } from './auth.service.ts';
import { sendOtp, verifyOtp, type CodeDeliveries } from './otp.service.ts';
import { resetPassword } from './password-reset.ts';
import { exchangeForCookieSession, startSession } from './session.ts';

/** Registration, login, logout, one-time codes and passwords (the auth contract). */
export async function authRoutes(app: FastifyInstance) {
  const codeDeliveries: CodeDeliveries = new Set();
  app.addHook('onClose', async () => {
    await Promise.all(codeDeliveries);
  });

  app.post('/registration', async (request, reply) => {
    const user = await registerCustomer(app, request.body, request.ip);
    return { message: 'Register Successful', data: await startSession(request, reply, user) };
  });

  app.post('/login', async (request, reply) => {
    const user = await logIn(app, parseInput(loginSchema, request.body), request.ip);
    return { message: 'Login Successful', data: await startSession(request, reply, user) };
  });

  app.post('/auth/cookie-session', { preHandler: authenticate }, async (request, reply) => ({
    message: 'Login Successful',
    data: await exchangeForCookieSession(request, reply),
  }));

  app.get('/logout', { preHandler: authenticate }, async (request, reply) => {
    await revokeToken(app.database.db, currentUser(request).tokenId, app.clock);
    clearSessionCookie(reply);
    return { message: 'Logout successfully', data: {} };
  });

  app.post('/send-otp', async (request) => ({
    message: 'OTP sent successfully',
    data: await sendOtp(app, parseInput(sendOtpSchema, request.body), request.ip, codeDeliveries),
  }));

  app.post('/verify-otp', async (request) => ({
    message: 'OTP verified successfully',
    data: await verifyOtp(app, parseInput(verifyOtpSchema, request.body), request.ip),
  }));

  app.post('/reset-password', async (request, reply) => {
    await resetPassword(app, parseInput(resetPasswordSchema, request.body));
    // Every session of the account has ended; this browser's cookie goes with them.
    clearSessionCookie(reply);
    return { message: 'Password reset successfully', data: {} };
  });

  app.post('/change-password', { preHandler: authenticate }, async (request) => {
    await changePassword(app, currentUser(request), parseInput(changePasswordSchema, request.body));
    return { message: 'Password changed successfully', data: {} };
  });
}
