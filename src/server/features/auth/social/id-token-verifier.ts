import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { expiredToken, foreignToken, invalidToken, providerUnreachable, type TokenVerifier } from './provider-identity.ts';

interface IdTokenProvider {
  /** Where the provider publishes its signing keys (JWKS). */
  jwksUrl: string;
  /** The `iss` values the provider signs with. */
  issuers: string[];
}

/** Marks a failure to fetch the provider's keys, as opposed to a token the keys refuse. */
class KeysUnavailable extends Error {}

/** Key lookups that did reach the provider but found no key for this token: the token's fault. */
const tokenKeyErrors = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported];

/** Fetched keys are cached (and refetched for an unknown `kid`, with a cool-down) by jose. */
function providerKeys(jwksUrl: string): JWTVerifyGetKey {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 });
  return async (header, token) => {
    try {
      return await keys(header, token);
    } catch (error) {
      if (tokenKeyErrors.some((type) => error instanceof type)) throw error;
      throw new KeysUnavailable('The provider keys could not be fetched', { cause: error });
    }
  };
}

/** Google and Apple vouch with `email_verified`, Apple as the string "true". */
function claimsVerifiedEmail(payload: JWTPayload): boolean {
  return payload.email_verified === true || payload.email_verified === 'true';
}

const textClaim = (payload: JWTPayload, claim: string) => {
  const value = payload[claim];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** An OpenID Connect ID token (Google Identity Services, Sign in with Apple): RS256 signature, issuer, audience, expiry. */
export function idTokenVerifier({ jwksUrl, issuers }: IdTokenProvider): TokenVerifier {
  const keys = providerKeys(jwksUrl);
  return async (token, clientId, now) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer: issuers,
        audience: clientId,
        currentDate: now,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof KeysUnavailable) throw providerUnreachable();
      if (error instanceof errors.JWTExpired) throw expiredToken();
      if (error instanceof errors.JWTClaimValidationFailed && (error.claim === 'iss' || error.claim === 'aud')) throw foreignToken();
      throw invalidToken();
    }
    const email = textClaim(payload, 'email')?.toLowerCase() ?? null;
    return {
      subject: payload.sub!,
      email,
      emailVerified: email !== null && claimsVerifiedEmail(payload),
      name: textClaim(payload, 'name'),
    };
  };
}
