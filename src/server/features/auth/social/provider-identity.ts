import { HttpError } from '../../../platform/errors.ts';

/** What a provider vouched for about the person behind a token it issued. */
export interface ProviderIdentity {
  /** The provider's stable user id: `sub` of an ID token, Facebook's user id. */
  subject: string;
  email: string | null;
  /** True only when the provider says it checked the address (Google/Apple `email_verified`; Facebook only returns confirmed ones). */
  emailVerified: boolean;
  name: string | null;
}

/** Checks a token from the storefront against the provider; `clientId` is the store's id at that provider (settings). */
export type TokenVerifier = (token: string, clientId: string, now: Date) => Promise<ProviderIdentity>;

export const invalidToken = () => new HttpError(401, 'The sign-in token is not valid.');
export const expiredToken = () => new HttpError(401, 'The sign-in token has expired. Please try again.');
export const foreignToken = () => new HttpError(401, 'The sign-in token was not issued for this store.');
export const providerUnreachable = () =>
  new HttpError(422, 'The sign-in provider could not be reached to check the token. Please try again later.');
