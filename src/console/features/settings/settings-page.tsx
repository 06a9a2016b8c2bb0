import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { FieldError, inputClass, invalidProps } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { settingsQuery, useSaveSettings } from './settings-queries.ts';

type SettingKey = keyof ConsoleSettings;
type SettingField = { key: SettingKey; label: string; hint: string };

/** `/console/settings`: the store's settings in sections, each saved by itself; every change is in the audit log. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery);
  const sections: Array<{ id: string; title: string; fields: SettingField[] }> = [
    { id: 'checkout', title: t('Checkout'), fields: [{ key: 'guest_checkout', label: t('Guest checkout'), hint: t('Visitors may order without an account.') }] },
    {
      id: 'sellers',
      title: t('Sellers'),
      fields: [
        { key: 'seller_registration', label: t('Seller registration'), hint: t('Visitors may apply to sell in the store.') },
        { key: 'product_approval', label: t('Product approval'), hint: t('A shop’s new products and edits wait for the store’s approval.') },
        { key: 'sellers_moderate_reviews', label: t('Sellers moderate reviews'), hint: t('A shop’s people may hide and show the reviews of their products.') },
      ],
    },
    { id: 'stock', title: t('Stock'), fields: [{ key: 'low_stock_threshold', label: t('Low-stock threshold'), hint: t('A variant with this many units or fewer is low on stock.') }] },
    { id: 'returns', title: t('Returns'), fields: [{ key: 'return_window_days', label: t('Return window (days)'), hint: t('Days after delivery a shopper may ask for a return.') }] },
  ];
  return (
    <PageFrame title={t('Settings')}>
      {settings.isError ? (
        <LoadFailed onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <p role="status" className="py-10 text-center text-slate-600">
          {t('Loading…')}
        </p>
      ) : (
        sections.map((section) => <SettingsSection key={section.id} id={section.id} title={section.title} fields={section.fields} saved={settings.data} />)
      )}
    </PageFrame>
  );
}

/** One section's form: switches and numbers, sending only the settings it changed. */
function SettingsSection({ id, title, fields, saved }: { id: string; title: string; fields: SettingField[]; saved: ConsoleSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Partial<Record<SettingKey, boolean | string>>>({});
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const valueOf = (key: SettingKey) => draft[key] ?? (typeof saved[key] === 'boolean' ? saved[key] : String(saved[key]));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change = Object.fromEntries(
      fields.flatMap(({ key }) => {
        const value = valueOf(key);
        const typed = typeof value === 'boolean' ? value : value.trim() === '' ? Number.NaN : Number(value);
        return typed === saved[key] ? [] : [[key, typed]];
      }),
    );
    if (Object.keys(change).length === 0) return showToast(t('Nothing to save.'));
    try {
      showToast((await save.mutateAsync(change)).message);
      setDraft({});
      setErrors({});
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(Object.fromEntries(fields.map(({ key }) => [key, error.fieldError(key)])));
      if (!fields.some(({ key }) => error.fieldError(key))) showToast(error.message, 'error');
    }
  };
  return (
    <form aria-labelledby={`settings-${id}`} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`settings-${id}`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {fields.map(({ key, label, hint }) => {
        const value = valueOf(key);
        const fieldId = `setting-${key}`;
        return typeof value === 'boolean' ? (
          <div key={key} className="flex items-start gap-3">
            <input id={fieldId} type="checkbox" role="switch" checked={value} onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.checked }))} aria-describedby={`${fieldId}-hint`} className="mt-1 size-4" />
            <div className="flex flex-col">
              <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
                {label}
              </label>
              <p id={`${fieldId}-hint`} className="text-sm text-slate-600">
                {hint}
              </p>
              <FieldError id={`${fieldId}-error`} error={{ message: errors[key] }} />
            </div>
          </div>
        ) : (
          <div key={key} className="flex max-w-xs flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
              {label}
            </label>
            <p className="text-sm text-slate-600">{hint}</p>
            <input inputMode="numeric" value={value} onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))} {...invalidProps(fieldId, errors[key])} className={inputClass} />
            <FieldError id={`${fieldId}-error`} error={{ message: errors[key] }} />
          </div>
        );
      })}
      <div>
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {t('Save')}
        </button>
      </div>
    </form>
  );
}
