import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../../platform/errors.ts';
import { foreignToken, invalidToken, providerUnreachable, type TokenVerifier } from './provider-identity.ts';

const GRAPH_VERSION = 'v20.0';
const GRAPH_TIMEOUT_MS = 5000;

const debugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.coerce.string().optional(),
    user_id: z.coerce.string().optional(),
  }),
});

const profileSchema = z.object({
  id: z.coerce.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});

interface FacebookSettings {
  graphUrl: string;
  /** Without it no token can be checked, so Facebook sign-in refuses every token. */
  appSecret: string | undefined;
}

export const facebookNotConfigured = () =>
  new HttpError(422, 'Facebook sign-in cannot be verified: the store has no Facebook app secret configured.');

/** A Graph API GET; `null` when Facebook answered with an error (a token it refuses), a throw when it could not be reached. */
async function graphGet(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch {
    throw providerUnreachable();
  }
  if (response.status >= 500) throw providerUnreachable();
  if (!response.ok) return null;
  return response.json().catch(() => {
    throw providerUnreachable();
  });
}

/**
 * A Facebook user access token from the JS SDK. `debug_token` with the app's own credentials says
 * whether the token is alive and which app it was issued to (a token from another app must not sign
 * anyone in here); then `/me` gives the profile. `appsecret_proof` lets the app require signed calls.
 */
export function facebookVerifier({ graphUrl, appSecret }: FacebookSettings): TokenVerifier {
  const graph = (path: string, params: Record<string, string>) => {
    const url = new URL(`${graphUrl.replace(/\/$/, '')}/${GRAPH_VERSION}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };
  return async (token, appId) => {
    if (!appSecret) throw facebookNotConfigured();
    const debug = debugTokenSchema.safeParse(
      await graphGet(graph('debug_token', { input_token: token, access_token: `${appId}|${appSecret}` })),
    );
    if (!debug.success || !debug.data.data.is_valid) throw invalidToken();
    if (debug.data.data.app_id !== appId) throw foreignToken();

    const appsecretProof = createHmac('sha256', appSecret).update(token).digest('hex');
    const profile = profileSchema.safeParse(
      await graphGet(graph('me', { fields: 'id,name,email', access_token: token, appsecret_proof: appsecretProof })),
    );
    if (!profile.success || (debug.data.data.user_id !== undefined && profile.data.id !== debug.data.data.user_id)) {
      throw invalidToken();
    }
    const email = profile.data.email?.trim().toLowerCase() || null;
    return { subject: profile.data.id, email, emailVerified: email !== null, name: profile.data.name?.trim() || null };
  };
}
