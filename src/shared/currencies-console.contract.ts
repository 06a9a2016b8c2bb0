import { z } from 'zod';
import './contract-messages.ts';
import { requiredText } from './text-fields.ts';

/**
 * `/api/console/currencies`: the store's currencies for whoever holds `settings.write` (decision 057).
 * A currency is named by its ISO 4217 code (the spec's `name`), which fixes its decimals; its rate
 * is units of it per one unit of the default currency, so the default's rate is always 1.
 */
export const currencyPositions = ['prefix', 'suffix'] as const;

/** The ISO 4217 codes in circulation, as the runtime's ICU knows them. */
const isoCurrencyCodes = new Set(Intl.supportedValuesOf('currency'));

/** numeric(18, 6): twelve whole digits, six decimals. */
export const MAX_CURRENCY_RATE = 999_999_999_999;
export const RATE_DECIMALS = 6;
export const MAX_CURRENCY_SYMBOL = 8;

export const CURRENCY_NOT_FOUND = 'Currency not found';
export const CURRENCY_CODE_TAKEN = 'The code has already been taken.';
export const DEFAULT_CURRENCY_RATE = "The default currency's rate must be 1.";
export const DEFAULT_CURRENCY_RETIRED = 'The default currency cannot be retired.';
export const RETIRED_CURRENCY_DEFAULT = 'A retired currency cannot be the default.';
export const RATES_OUT_OF_RANGE = "Another currency's rate to this one would be out of range: change that rate or retire it first.";

const code = requiredText('code', { max: 3 })
  .overwrite((value) => value.toUpperCase())
  .refine((value) => isoCurrencyCodes.has(value), 'The code must be an ISO 4217 currency code.');

const rate = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The rate field is required.' : 'The rate must be a number.') })
  .gt(0, 'The rate must be greater than 0.')
  .max(MAX_CURRENCY_RATE, `The rate must not be greater than ${MAX_CURRENCY_RATE}.`)
  .refine((value) => Math.abs(value * 10 ** RATE_DECIMALS - Math.round(value * 10 ** RATE_DECIMALS)) < 1e-6, `The rate must have at most ${RATE_DECIMALS} decimal places.`);

const editableFields = {
  symbol: requiredText('symbol', { max: MAX_CURRENCY_SYMBOL }),
  position: z.enum(currencyPositions, { error: (issue) => (issue.input === undefined ? 'The position field is required.' : 'The selected position is invalid.') }),
  rate,
};

/** `POST /api/console/currencies`: decimals are not given, they follow from the code. */
export const currencyCreateSchema = z.object({ code, ...editableFields });
export type CurrencyCreate = z.infer<typeof currencyCreateSchema>;

/** `PATCH /api/console/currencies/:id`: the code stays (orders and prices name it). */
export const currencyUpdateSchema = z.object(editableFields);
export type CurrencyUpdate = z.infer<typeof currencyUpdateSchema>;

export const consoleCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  symbol: z.string(),
  position: z.enum(currencyPositions),
  /** Units of this currency per one unit of the default currency. */
  rate: z.number().positive(),
  /** ISO 4217 minor-unit digits (JPY 0, KWD 3): how many decimals prices show. */
  decimals: z.number().int().min(0),
  is_default: z.boolean(),
  /** False once retired: shoppers no longer see it. */
  is_active: z.boolean(),
});
export type ConsoleCurrency = z.infer<typeof consoleCurrencySchema>;

export const consoleCurrencyListSchema = z.object({ currencies: z.array(consoleCurrencySchema) });
export const consoleCurrencyAnswerSchema = z.object({ currency: consoleCurrencySchema });
