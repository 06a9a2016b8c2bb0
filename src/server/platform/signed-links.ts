import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links that open what is not public (a draft's preview): the link's purpose, its
 * subject and its expiry under an HMAC-SHA256 of the store's secret (APP_SECRET). Nothing is stored:
 * a link works until it expires. Without APP_SECRET a key is made at start, so links then stop
 * working at a restart and on other instances.
 */
export interface LinkSigner {
  sign(purpose: string, subject: string, expiresAt: Date): string;
  /** Whether `token` was signed for this purpose and subject and has not expired at `now`. */
  verify(purpose: string, subject: string, token: string, now: Date): boolean;
}

export function createLinkSigner(secret: string | undefined): LinkSigner {
  const key = secret ?? randomBytes(32);
  const mac = (purpose: string, subject: string, expires: string) => createHmac('sha256', key).update(`${purpose}\0${subject}\0${expires}`).digest();
  return {
    sign: (purpose, subject, expiresAt) => {
      const expires = expiresAt.getTime().toString(36);
      return `${expires}.${mac(purpose, subject, expires).toString('base64url')}`;
    },
    verify: (purpose, subject, token, now) => {
      const [expires, signature, ...rest] = token.split('.');
      if (!expires || !signature || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(expires)) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(purpose, subject, expires);
      return given.length === expected.length && timingSafeEqual(given, expected) && parseInt(expires, 36) > now.getTime();
    },
  };
}
