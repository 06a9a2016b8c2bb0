import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: bearer and reset tokens. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token or code: its SHA-256, so a leak yields nothing usable. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A numeric one-time code from the CSPRNG, zero-padded ("0042"). */
export const newNumericCode = (digits: number) => String(randomInt(0, 10 ** digits)).padStart(digits, '0');
