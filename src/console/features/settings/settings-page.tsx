import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import type { ConsoleSettings } from '../../../shared/settings-console.contract.ts';
import { timeZones } from '../../../shared/store-time.ts';
import { FieldError, FormField, FormSelect, showServerErrors, useFormField } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { settingsQuery, useSaveSettings } from './settings-queries.ts';
import { QueryContent } from '../../ui/query-content.tsx';

type SettingKey = keyof ConsoleSettings;
type SettingField = { key: SettingKey; label: string; hint: string };

/** `/console/settings/store`: the store's settings in groups, each saved by itself; every change is in the audit log. */
export function StoreSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery);
  const sections: Array<{ id: string; title: string; fields: SettingField[] }> = [
    { id: 'store', title: t('Store'), fields: [{ key: 'time_zone', label: t('Time zone'), hint: t('Flash sales start and end by this clock.') }] },
    {
      id: 'checkout',
      title: t('Checkout'),
      fields: [
        { key: 'guest_checkout', label: t('Guest checkout'), hint: t('Visitors may order without an account.') },
        { key: 'guest_order_link_days', label: t('Guest order links (days)'), hint: t('Days a guest’s order link opens the order; then they ask for a new one by e-mail.') },
      ],
    },
    {
      id: 'sellers',
      title: t('Sellers'),
      fields: [
        { key: 'multi_vendor', label: t('Multi-vendor'), hint: t('Off: the store runs as one shop; the storefront shows no shops, no seller links, and takes no sellers.') },
        { key: 'seller_registration', label: t('Seller registration'), hint: t('Visitors may apply to sell in the store.') },
        { key: 'product_approval', label: t('Product approval'), hint: t('A shop’s new products and edits wait for the store’s approval.') },
        { key: 'sellers_moderate_reviews', label: t('Sellers moderate reviews'), hint: t('A shop’s people may hide and show the reviews of their products.') },
      ],
    },
    { id: 'stock', title: t('Stock'), fields: [{ key: 'low_stock_threshold', label: t('Low-stock threshold'), hint: t('A variant with this many units or fewer is low on stock.') }] },
    { id: 'returns', title: t('Returns'), fields: [{ key: 'return_window_days', label: t('Return window (days)'), hint: t('Days after delivery a shopper may ask for a return.') }] },
  ];
  return (
    <div className="flex flex-col gap-6">
      <QueryContent query={settings}>{(data) => sections.map((section) => <SettingsGroup key={section.id} id={section.id} title={section.title} fields={section.fields} saved={data} />)}</QueryContent>
    </div>
  );
}

/** One group's form: switches and numbers, sending only the settings it changed. */
function SettingsGroup({ id, title, fields, saved }: { id: string; title: string; fields: SettingField[]; saved: ConsoleSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const shown = (values: ConsoleSettings) => Object.fromEntries(fields.map(({ key }) => [key, values[key]])) as Partial<ConsoleSettings>;
  const form = useForm<Partial<ConsoleSettings>>({ defaultValues: shown(saved) });
  const submit = form.handleSubmit(async (values) => {
    const change = Object.fromEntries(fields.flatMap(({ key }) => (values[key] !== saved[key] ? [[key, values[key]]] : [])));
    if (Object.keys(change).length === 0) return showToast(t('Nothing to save.'));
    try {
      const answer = await save.mutateAsync(change);
      showToast(answer.message);
      form.reset(shown(answer.data.settings));
    } catch (error) {
      showServerErrors(error, form.setError, fields.map(({ key }) => key));
    }
  });
  return (
    <FormProvider {...form}>
      <form aria-labelledby={`settings-${id}`} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id={`settings-${id}`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {fields.map(({ key, label, hint }) =>
          typeof saved[key] === 'boolean' ? (
            <SettingSwitch key={key} name={key} label={label} hint={hint} />
          ) : key === 'time_zone' ? (
            <TimeZoneSelect key={key} label={label} hint={hint} />
          ) : (
            <FormField<Partial<ConsoleSettings>> key={key} name={key} label={label} type="number" options={{ valueAsNumber: true }} hint={<p className="text-sm text-slate-600">{hint}</p>} className="max-w-xs" />
          ),
        )}
        <div>
          <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
            {t('Save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The store's time zone: every IANA zone the browser knows, the saved one kept even if it does not. */
function TimeZoneSelect({ label, hint }: { label: string; hint: string }) {
  const { getValues } = useFormContext<Partial<ConsoleSettings>>();
  const saved = getValues('time_zone');
  const zones = timeZones();
  return (
    <div className="flex max-w-xs flex-col gap-1">
      <FormSelect<Partial<ConsoleSettings>> name="time_zone" label={label}>
        {(saved && !zones.includes(saved) ? [saved, ...zones] : zones).map((zone) => (
          <option key={zone} value={zone} dir="ltr">
            {zone}
          </option>
        ))}
      </FormSelect>
      <p className="text-sm text-slate-600">{hint}</p>
    </div>
  );
}

/** A setting that is on or off, with what it does under its name. */
function SettingSwitch({ name, label, hint }: { name: SettingKey; label: string; hint: string }) {
  const { register } = useFormContext<Partial<ConsoleSettings>>();
  const { id, error } = useFormField<Partial<ConsoleSettings>>(name);
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" role="switch" {...register(name)} aria-describedby={`${id}-hint`} className="mt-1 size-4" />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
        <FieldError id={`${id}-error`} error={{ message: error }} />
      </div>
    </div>
  );
}
