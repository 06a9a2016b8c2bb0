import { z } from 'zod';
import { productCardSchema, productListQuerySchema } from './catalog.contract.ts';
import { countrySchema } from './settings.contract.ts';
import { OTP_LENGTH } from './constants.ts';
import { required, requiredText, text } from './text-fields.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password as typed, not trimmed: every character counts. */
const password = (field: string) => text(field, { max: PASSWORD_MAX_LENGTH, trim: false });

export const passwordSchema = (field = 'password') =>
  password(field).min(1, required(field)).min(PASSWORD_MIN_LENGTH, `The ${field} must be at least ${PASSWORD_MIN_LENGTH} characters.`);

/** Digits only; the length rule (phoneMinLength..phoneMaxLength) comes from the store settings. */
export const phoneDigits = (field = 'phone') =>
  requiredText(field, { max: 20 }).regex(/^\d+$/, `The ${field} must contain digits only.`);

export const emailSchema = requiredText('email', { max: 254 })
  .toLowerCase()
  .pipe(z.email('The email must be a valid email address.'));

export const phoneCodeSchema = requiredText('phone code', { max: 8 }).regex(/^\+?\d{1,6}$/, 'The phone code is not valid.');

/** `POST /api/registration`. Unknown fields (role, user_id…) are dropped by the parser, never applied. */
export const registrationSchema = z.object({
  name: requiredText('name', { max: 100 }),
  country: requiredText('country', { max: 100 }),
  phone_code: phoneCodeSchema,
  phone: phoneDigits(),
  email: emailSchema,
  password: passwordSchema(),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** An empty or null optional field counts as not given (forms send ""). */
const blankAsMissing = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** The registration contract under the store's phone rules (settings phone_required, phone_min_length, phone_max_length). */
export function registrationSchemaFor(rules: { phone_required: boolean; phone_min_length: number; phone_max_length: number }) {
  const { phone_min_length: min, phone_max_length: max } = rules;
  const phone = phoneDigits().refine((digits) => digits.length >= min && digits.length <= max, `The phone must be between ${min} and ${max} digits.`);
  if (rules.phone_required) return registrationSchema.extend({ phone });
  return registrationSchema
    .extend({ phone: blankAsMissing(phone), phone_code: blankAsMissing(phoneCodeSchema) })
    .refine((input) => !input.phone || input.phone_code, { path: ['phone_code'], message: 'The phone code field is required.' });
}

/** `POST /api/login`: `phone` holds an e-mail address or a phone number (docs/product/storefront.md §3). */
export const loginSchema = z.object({
  phone: requiredText('phone', { max: 254 }),
  password: password('password').min(1, required('password')),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/send-otp`: `phone` is the e-mail or phone the code goes to (forgot_otp_type decides which). */
export const sendOtpSchema = z.object({
  phone: requiredText('phone or email', { max: 254 }),
  phone_code: text('phone code', { max: 8 }).optional(),
  country: text('country', { max: 100 }).optional(),
  forgot_password: z.boolean().optional().default(false),
});
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

/** `POST /api/verify-otp`: the spec sends `phone` and `otp`; the stored code knows its purpose, which `forgot_password`, when sent, must match. */
export const verifyOtpSchema = z.object({
  phone: requiredText('phone or email', { max: 254 }),
  phone_code: text('phone code', { max: 8 }).optional(),
  otp: requiredText('otp', { max: OTP_LENGTH }).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The otp must be ${OTP_LENGTH} digits.`),
  forgot_password: z.boolean().optional(),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** `POST /api/reset-password`. */
export const resetPasswordSchema = z
  .object({
    password: passwordSchema(),
    password_confirmation: password('password confirmation'),
    token: requiredText('token', { max: 200 }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Confirm Password does not match.',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `POST /api/change-password`. */
export const changePasswordSchema = z
  .object({
    current_password: password('current password').min(1, required('current password')),
    password: passwordSchema(),
    password_confirmation: password('password confirmation'),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Confirm Password does not match.',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const genders = ['male', 'female', 'other'] as const;

/** `POST /api/profile` (multipart: these fields plus an optional `profile_photo` file). */
export const profileUpdateSchema = z.object({
  name: requiredText('name', { max: 100 }),
  email: emailSchema,
  phone_code: phoneCodeSchema.optional(),
  phone: phoneDigits().optional(),
  gender: z.enum(genders, 'The selected gender is invalid.').optional().or(z.literal('').transform(() => undefined)),
  birthday: z.iso
    .date('The birthday is not a valid date.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const addressTypes = ['home', 'office', 'other'] as const;

export const COUNTRY_INVALID = 'The selected country is invalid.';

/** `POST /api/addresses`, `PUT /api/addresses/{id}` (docs/design.md §4 address). */
export const addressInputSchema = z.object({
  name: requiredText('name', { max: 100 }),
  phone: phoneDigits(),
  area: requiredText('area', { max: 100 }),
  flat_no: text('flat no', { max: 50 }).optional().default(''),
  address_type: z.enum(addressTypes, 'The selected address type is invalid.').optional().default('home'),
  address_line: requiredText('address line', { max: 255 }),
  address_line2: text('address line2', { max: 255 }).optional().default(''),
  post_code: text('post code', { max: 20 }).optional().default(''),
  city: requiredText('city', { max: 100 }),
  state: text('state', { max: 100 }).optional().default(''),
  /** One of `GET /api/countries`; the service checks that it exists. */
  country_id: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The country field is required.' : COUNTRY_INVALID) })
    .int(COUNTRY_INVALID)
    .positive(COUNTRY_INVALID)
    .max(2_147_483_647, COUNTRY_INVALID),
  is_default: z.boolean().optional().default(false),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const favoriteInputSchema = z.object({
  product_id: z.coerce
    .number({ error: required('product id') })
    .int('The product id must be an integer.')
    .positive('The product id must be an integer.')
    .max(2_147_483_647, 'The selected product id is invalid.'),
});

export const socialProviders = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** The path of `POST /api/auth/{provider}/token`: a provider the store does not know is not found (404, answered by the handler), as one it has switched off. */
export const socialProviderParamsSchema = z.object({ provider: z.string().meta({ description: `${socialProviders.join(', ')}; any other is not found` }) });

/**
 * `POST /api/auth/{provider}/token`: `code` is the provider's ID token (Google, Apple) or user access
 * token (Facebook). `data.name` is the name the SDK gave the storefront, for a provider whose token
 * carries none (Apple tells it once, on the first sign-in); an e-mail is only ever taken from the provider.
 */
export const socialTokenSchema = z.object({
  code: requiredText('code', { max: 8192 }),
  data: z.object({ name: text('name', { max: 100 }).optional() }).optional(),
});
export type SocialTokenInput = z.infer<typeof socialTokenSchema>;

// ---- Answers ----

export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    country: z.string().nullable(),
    phone_code: z.string().nullable(),
    phone: z.string().nullable(),
    profile_photo: z.string().nullable(),
    gender: z.enum(genders).nullable(),
    birthday: z.string().nullable(),
    is_verified: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** The answer of login, registration and social sign-in (docs/design.md §4); API clients get the bearer token. */
export const sessionDataSchema = z
  .object({
    user: userSchema,
    access: z.discriminatedUnion('auth_type', [
      z.object({ auth_type: z.literal('Bearer'), token: z.string(), expires_at: z.string() }),
      z.object({ auth_type: z.literal('Cookie'), expires_at: z.string() }),
    ]),
  })
  .meta({ id: 'Session' });
export type SessionData = z.infer<typeof sessionDataSchema>;

export const addressSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    area: z.string(),
    flat_no: z.string(),
    address_type: z.enum(addressTypes),
    address_line: z.string(),
    address_line2: z.string(),
    post_code: z.string(),
    city: z.string(),
    state: z.string(),
    /** Null only on an address saved before the country was asked for, in a store without countries. */
    country: countrySchema.nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** `GET /api/favorite-products?page=&per_page=`. */
export const favoriteListQuerySchema = productListQuerySchema.pick({ page: true, per_page: true });

/** `GET /api/favorite-products`: the shopper's wishlist, newest first. */
export const favoriteProductsSchema = z.object({ total: z.number().int(), products: z.array(productCardSchema) });
export type FavoriteProducts = z.infer<typeof favoriteProductsSchema>;

/** `POST` and `DELETE /api/favorite-products`: the wishlist's new size, for the header count. */
export const favoriteCountSchema = z.object({ total: z.number().int() });
export type FavoriteCount = z.infer<typeof favoriteCountSchema>;

/** `POST /api/send-otp`: where the code went, masked; in a local store the code itself, for the demo. */
export const otpSentSchema = z.object({ email_or_phone: z.string(), otp: z.string().optional() });
export type OtpSent = z.infer<typeof otpSentSchema>;

/** `POST /api/verify-otp`: the password reset token when the code was a forgotten password's, else null. */
export const otpVerifiedSchema = z.object({ token: z.string().nullable() });
export type OtpVerified = z.infer<typeof otpVerifiedSchema>;

/** A shopper keeps at most this many addresses. */
export const MAX_ADDRESSES = 20;
