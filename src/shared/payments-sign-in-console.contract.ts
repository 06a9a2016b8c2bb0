import { z } from 'zod';
import './contract-messages.ts';
import { otpChannelSchema, socialAuthsSchema } from './settings.contract.ts';
import { isHttpsAddress, text } from './text-fields.ts';

/**
 * `GET|PUT /api/console/payments-sign-in` (decision 057): which payment methods shoppers may choose,
 * the one-time-code settings and the social sign-in providers. Secrets (Stripe's keys, SMS
 * credentials, providers' secrets) live in the server's environment: they are never sent or taken.
 */
export const paymentMethodNames = ['cash', 'stripe'] as const;
export type PaymentMethodName = (typeof paymentMethodNames)[number];
export const socialProviders = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const NO_PAYMENT_METHOD = 'Keep at least one payment method on.';
export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured on this server.';
export const CLIENT_ID_REQUIRED = 'The client id is required to switch this sign-in on.';
export const REDIRECT_URL_HTTPS = 'The redirect URL must be an https address.';

const flag = (field: string) => z.boolean({ error: `The ${field} field must be true or false.` });
const channel = (field: string) => z.enum(otpChannelSchema.options, { error: `The selected ${field} is invalid.` });

const clientId = text('client id').regex(/^\S*$/, 'The client id must not contain spaces.');
const providerFields = { is_active: flag('active'), client_id: clientId };
/** A provider switched on needs its public client id. (Each rule sits on its own object so every field's errors show at once.) */
const hasClientId = (setting: { is_active: boolean; client_id: string }) => !setting.is_active || setting.client_id !== '';
const clientIdRule = { path: ['client_id'], message: CLIENT_ID_REQUIRED };
const provider = z.object(providerFields).refine(hasClientId, clientIdRule);

export const paymentsSignInChangeSchema = z.object({
  /** The methods shoppers may choose; Stripe only when the server has its keys. */
  active_payment_methods: z
    .array(z.enum(paymentMethodNames, { error: 'The selected payment method is invalid.' }))
    .min(1, NO_PAYMENT_METHOD)
    .transform((names) => [...new Set(names)]),
  register_otp_verify: flag('register otp verify'),
  order_place_account_verify: flag('order place account verify'),
  register_otp_type: channel('register otp type'),
  forgot_otp_type: channel('forgot otp type'),
  social_auths: z.object({
    google: provider,
    facebook: provider,
    /** Sign in with Apple sends the shopper back to this address. */
    apple: z
      .object({ ...providerFields, redirect_url: text('redirect url').refine((url) => url === '' || isHttpsAddress(url), REDIRECT_URL_HTTPS) })
      .refine(hasClientId, clientIdRule)
      .refine((setting) => !setting.is_active || setting.redirect_url !== '', { path: ['redirect_url'], message: REDIRECT_URL_HTTPS }),
  }),
});
export type PaymentsSignInChange = z.infer<typeof paymentsSignInChangeSchema>;

export const consolePaymentMethodSchema = z.object({
  name: z.enum(paymentMethodNames),
  title: z.string(),
  is_active: z.boolean(),
  /** Whether this server can run it: cash always, Stripe when its keys are in the environment. */
  configured: z.boolean(),
});
export type ConsolePaymentMethod = z.infer<typeof consolePaymentMethodSchema>;

export const paymentsSignInAnswerSchema = z.object({
  payment_methods: z.array(consolePaymentMethodSchema),
  /** Whether codes to a phone go out as text messages (otherwise they only reach the server's log). */
  sms_configured: z.boolean(),
  register_otp_verify: z.boolean(),
  order_place_account_verify: z.boolean(),
  register_otp_type: otpChannelSchema,
  forgot_otp_type: otpChannelSchema,
  social_auths: socialAuthsSchema,
});
export type PaymentsSignIn = z.infer<typeof paymentsSignInAnswerSchema>;
