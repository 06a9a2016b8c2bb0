import { z } from 'zod';
import { socialProviders, type SocialProvider } from '../../../../shared/account.contract.ts';
import { endpointSchema } from '../../../platform/endpoint-schema.ts';
import { notFound } from '../../../platform/errors.ts';
import type { ApiInstance } from '../../../platform/fastify-types.ts';
import { enforceIpRateLimit } from '../../../platform/rate-limiter.ts';
import { sessionHeadersSchema } from '../auth.routes.ts';
import { readStoreSettings } from '../../settings/settings.service.ts';
import { startSession } from '../session.ts';
import { facebookVerifier } from './facebook-verifier.ts';
import { idTokenVerifier } from './id-token-verifier.ts';
import type { TokenVerifier } from './provider-identity.ts';
import { signInWithProviderIdentity } from './social-accounts.service.ts';
import { announceSessionsEnded } from '../../live/live-events.ts';

const providerParamsSchema = z.object({ provider: z.enum(socialProviders) });

/** Each check costs calls to the provider, so one address gets a bounded number per minute. */
const SOCIAL_SIGN_IN_RATE = { limit: 30, windowSeconds: 60 };

const unavailable = () => notFound('This sign-in method is not available.');

/** `POST /api/auth/{google|facebook|apple}/token`: a provider token in, a store session out (answered like login). */
export async function socialSignInRoutes(app: ApiInstance) {
  const { db } = app.database;
  const { social } = app.config;
  const verifiers: Record<SocialProvider, TokenVerifier> = {
    google: idTokenVerifier({ jwksUrl: social.googleJwksUrl, issuers: ['https://accounts.google.com', 'accounts.google.com'] }),
    apple: idTokenVerifier({ jwksUrl: social.appleJwksUrl, issuers: ['https://appleid.apple.com'] }),
    facebook: facebookVerifier({ graphUrl: social.facebookGraphUrl, appSecret: social.facebookAppSecret }),
  };

  const schema = {
    tags: ['Auth'],
    summary: "Signs in with a provider's token (answered like login)",
    headers: sessionHeadersSchema,
    ...endpointSchema('POST /auth/:provider/token'),
  };

  app.post('/auth/:provider/token', { schema }, async (request, reply) => {
    const params = providerParamsSchema.safeParse(request.params);
    if (!params.success) throw unavailable();
    const { provider } = params.data;
    const input = request.body;
    const setting = (await readStoreSettings(db)).social_auths[provider];
    const clientId = setting.client_id.trim();
    if (!setting.is_active || !clientId) throw unavailable();
    await enforceIpRateLimit(app, 'social-sign-in', request.ip, SOCIAL_SIGN_IN_RATE);

    const identity = await verifiers[provider](input.code, clientId, app.clock.now());
    const { user, endedSessions } = await signInWithProviderIdentity(db, provider, identity, input.data?.name, app.clock);
    if (endedSessions) await announceSessionsEnded({ events: app.events, log: request.log }, user.id);
    return { message: 'Login Successful', data: await startSession(request, reply, user) };
  });
}
