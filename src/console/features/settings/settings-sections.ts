import type { ComponentType } from 'react';
import { CommissionPayoutsPage } from './commission-payouts-page.tsx';
import { CurrenciesPage } from './currencies-page.tsx';
import { DeliveryTaxPage } from './delivery-tax-page.tsx';
import { LanguagesPage } from './languages-page.tsx';
import { PaymentsSignInPage } from './payments-sign-in-page.tsx';
import { StoreSettingsPage } from './settings-page.tsx';

/**
 * The Settings area's sections, in the section nav's order: each opens at `/settings/<path>`, the
 * first is where `/settings` leads. A new section is one line here and its page in its own file.
 */
export const settingsSections: ReadonlyArray<{ path: string; labelKey: string; Page: ComponentType }> = [
  { path: 'store', labelKey: 'Store', Page: StoreSettingsPage },
  { path: 'languages', labelKey: 'Languages', Page: LanguagesPage },
  { path: 'currencies', labelKey: 'Currencies', Page: CurrenciesPage },
  { path: 'delivery-tax', labelKey: 'Delivery & tax', Page: DeliveryTaxPage },
  { path: 'commission-payouts', labelKey: 'Commission & payouts', Page: CommissionPayoutsPage },
  { path: 'payments', labelKey: 'Payments and sign-in', Page: PaymentsSignInPage },
];
