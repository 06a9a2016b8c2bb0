import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Over https the `__Host-` prefix makes the browser insist on Secure, Path=/ and no Domain (decision 017). */
const servesHttps = (config: AppConfig) => config.publicUrl.startsWith('https:');

const cookieOptions = (config: AppConfig) => ({ path: '/', httpOnly: true, sameSite: 'lax', secure: servesHttps(config) }) as const;

/** One of the store's own httpOnly cookies (the session, a guest's cart): its name on this store's scheme, and its options. */
export const storeCookie = (config: AppConfig, baseName: string) => ({
  name: servesHttps(config) ? `__Host-${baseName}` : baseName,
  options: cookieOptions(config),
});

export const sessionCookieName = (config: AppConfig) => storeCookie(config, 'session').name;

/** The web storefront's session: the secret in an httpOnly cookie that lives as long as the session row. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const { config } = reply.server;
  reply.setCookie(sessionCookieName(config), token, { ...cookieOptions(config), expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply) {
  const { config } = reply.server;
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
}
