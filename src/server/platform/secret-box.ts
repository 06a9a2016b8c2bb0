import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keeps what must not be readable from a copy of the database (a seller's payout details) encrypted
 * at rest: AES-256-GCM under a key derived from the store's secret (APP_SECRET) and the purpose, a
 * fresh nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url. Without APP_SECRET
 * (development, tests) a fixed development key is used: a production store sets APP_SECRET, and
 * keeps it, or its stored values can no longer be read (decision 053).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const DEVELOPMENT_SECRET = 'development secret: set APP_SECRET in production';

export function createSecretBox(secret: string | undefined, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret ?? DEVELOPMENT_SECRET, 'secret-box', purpose, 32));
  return {
    seal: (plain) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open: (sealed) => {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
