import { isDeepStrictEqual } from 'node:util';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ConsolePaymentMethod, PaymentsSignIn, PaymentsSignInChange } from '../../../shared/payments-sign-in-console.contract.ts';
import { paymentMethodNames, STRIPE_NOT_CONFIGURED } from '../../../shared/payments-sign-in-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { paymentGateways } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../../platform/audit-log.ts';
import { validationFailed } from '../../platform/errors.ts';
import { changeStoreSettings, readStoreSettings } from './settings.service.ts';

/** What the server can run, from its environment: never a key, only whether it is there. */
export interface PaymentsSignInEnvironment {
  paymentMethods: { has(name: string): boolean };
  smsConfigured: boolean;
}

const knownMethod = inArray(paymentGateways.name, [...paymentMethodNames]);

async function readPaymentMethods(db: Db, environment: PaymentsSignInEnvironment): Promise<ConsolePaymentMethod[]> {
  const rows = await db
    .select({ name: paymentGateways.name, title: paymentGateways.title, isActive: paymentGateways.isActive })
    .from(paymentGateways)
    .where(knownMethod)
    .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.id));
  return rows.map((row) => ({ name: row.name as ConsolePaymentMethod['name'], title: row.title, is_active: row.isActive, configured: environment.paymentMethods.has(row.name) }));
}

export async function readPaymentsSignIn(db: Db, environment: PaymentsSignInEnvironment): Promise<PaymentsSignIn> {
  const [methods, store] = await Promise.all([readPaymentMethods(db, environment), readStoreSettings(db)]);
  const { register_otp_verify, order_place_account_verify, register_otp_type, forgot_otp_type, social_auths } = store;
  return { payment_methods: methods, sms_configured: environment.smsConfigured, register_otp_verify, order_place_account_verify, register_otp_type, forgot_otp_type, social_auths };
}

/**
 * Saves the payment methods shoppers may choose and the sign-in settings in one transaction: the
 * methods' change audited as `settings.update` on `settings` `payment_methods`, the store settings'
 * as every settings change (`store`). A method this server cannot run is not switched on.
 */
export async function changePaymentsSignIn(db: Db, environment: PaymentsSignInEnvironment, change: PaymentsSignInChange, context: AuditContext): Promise<void> {
  const { active_payment_methods: active, ...signIn } = change;
  if (active.some((name) => !environment.paymentMethods.has(name))) throw validationFailed({ active_payment_methods: [STRIPE_NOT_CONFIGURED] });
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: paymentGateways.id, name: paymentGateways.name, isActive: paymentGateways.isActive }).from(paymentGateways).where(knownMethod).orderBy(asc(paymentGateways.id)).for('update');
    const before = rows.filter((row) => row.isActive).map((row) => row.name);
    const after = rows.filter((row) => active.includes(row.name as (typeof active)[number])).map((row) => row.name);
    if (before.join() !== after.join()) {
      for (const row of rows) {
        await tx.update(paymentGateways).set({ isActive: after.includes(row.name) }).where(eq(paymentGateways.id, row.id));
      }
      await recordAudit(tx, context, { action: 'settings.update', entityType: 'settings', entityId: 'payment_methods', shopId: null, before: { active_payment_methods: before }, after: { active_payment_methods: after } });
    }
    const stored = await readStoreSettings(tx);
    const changed = Object.fromEntries(Object.entries(signIn).filter(([key, value]) => !isDeepStrictEqual(stored[key as keyof typeof signIn], value)));
    if (Object.keys(changed).length > 0) await changeStoreSettings(tx, changed, context);
  });
}
