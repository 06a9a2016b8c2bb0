import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/**
 * Test peers speaking the providers' protocols on loopback: a JWKS endpoint per ID-token provider
 * (Google, Apple) and a Graph API for Facebook. The code under test talks to them over real HTTP.
 */

interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

async function serveOnLoopback(handle: (url: URL, response: ServerResponse) => void): Promise<LoopbackServer> {
  const server = createServer((request: IncomingMessage, response) => handle(new URL(request.url ?? '/', 'http://127.0.0.1'), response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A URL where nothing listens: a provider that cannot be reached. */
export async function unreachableUrl(): Promise<string> {
  const server = await serveOnLoopback((_url, response) => response.end());
  await server.close();
  return server.url;
}

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface IdTokenIssuer {
  jwksUrl: string;
  /** Signs claims as the provider would, RS256 with the published key, unless told otherwise. */
  sign(claims: JWTPayload, options?: { key?: KeyPair; kid?: string }): Promise<string>;
}

/** One server publishing a JWKS per provider name at `/{name}/keys`. */
export async function startIdTokenProviders<Name extends string>(names: readonly Name[]) {
  const keys = new Map<string, { pair: KeyPair; kid: string }>();
  for (const name of names) keys.set(name, { pair: await generateKeyPair('RS256', { extractable: true }), kid: `${name}-key-1` });
  const published = new Map<string, unknown>();
  for (const [name, { pair, kid }] of keys) {
    published.set(`/${name}/keys`, { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  }
  const server = await serveOnLoopback((url, response) => {
    const jwks = published.get(url.pathname);
    if (jwks) sendJson(response, 200, jwks);
    else sendJson(response, 404, { error: 'not found' });
  });
  const issuers = Object.fromEntries(
    names.map((name) => {
      const own = keys.get(name)!;
      const issuer: IdTokenIssuer = {
        jwksUrl: `${server.url}/${name}/keys`,
        sign: (claims, options = {}) =>
          new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? own.kid, typ: 'JWT' })
            .sign((options.key ?? own.pair).privateKey),
      };
      return [name, issuer];
    }),
  ) as Record<Name, IdTokenIssuer>;
  return { ...issuers, url: server.url, close: server.close };
}

interface FacebookUser {
  id: string;
  name: string;
  email?: string;
}

/**
 * Facebook's Graph API as far as sign-in uses it: `debug_token` answers only to the app's own
 * `app_id|app_secret`, `/me` only to a live token with a correct `appsecret_proof`.
 */
export async function startFakeGraph({ appId, appSecret }: { appId: string; appSecret: string }) {
  const tokens = new Map<string, { appId: string; user: FacebookUser }>();
  const graphError = (response: ServerResponse) =>
    sendJson(response, 400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });

  const server = await serveOnLoopback((url, response) => {
    const params = url.searchParams;
    if (url.pathname === '/v20.0/debug_token') {
      if (params.get('access_token') !== `${appId}|${appSecret}`) return graphError(response);
      const token = tokens.get(params.get('input_token') ?? '');
      if (!token) return sendJson(response, 200, { data: { is_valid: false, error: { code: 190, message: 'Malformed access token' } } });
      return sendJson(response, 200, {
        data: { app_id: token.appId, type: 'USER', application: 'Store', is_valid: true, scopes: ['email', 'public_profile'], user_id: token.user.id },
      });
    }
    if (url.pathname === '/v20.0/me') {
      const accessToken = params.get('access_token') ?? '';
      const token = tokens.get(accessToken);
      const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
      if (!token || params.get('appsecret_proof') !== proof) return graphError(response);
      const fields = (params.get('fields') ?? 'id,name').split(',');
      return sendJson(response, 200, Object.fromEntries(Object.entries(token.user).filter(([field]) => fields.includes(field))));
    }
    sendJson(response, 404, { error: { message: 'Unknown path' } });
  });

  return {
    url: server.url,
    /** A user access token Facebook would give `forAppId` (our app unless a test says otherwise). */
    issueToken(user: FacebookUser, forAppId = appId) {
      const token = `EAAB${randomBytes(24).toString('hex')}`;
      tokens.set(token, { appId: forAppId, user });
      return token;
    },
    close: server.close,
  };
}
