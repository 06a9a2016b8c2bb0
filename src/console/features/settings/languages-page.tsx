import { languageTagOf } from '../../../shared/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { ApiError } from '../../../client/lib/api-client.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { ConsoleLanguage, LanguageChange } from '../../../shared/settings-console.contract.ts';
import { showToast } from '../../ui/toast.tsx';
import { languagesQuery, useChangeLanguage } from './settings-queries.ts';

/**
 * `/console/settings/languages`: the languages the storefront ships messages for, each switched on or off,
 * and the store's default; the storefront's language menu shows the enabled ones.
 */
export function LanguagesPage() {
  const { t } = useTranslation();
  const languages = useQuery(languagesQuery);
  const change = useChangeLanguage();
  const [refusal, setRefusal] = useState<{ name: string; message: string }>();
  const send = async (body: LanguageChange) => {
    setRefusal(undefined);
    try {
      showToast((await change.mutateAsync(body)).message);
    } catch (error) {
      const message = error instanceof ApiError ? (Object.values(error.errors)[0]?.[0] ?? error.message) : t('Something went wrong. Please try again.');
      setRefusal({ name: body.name, message: t(message) });
    }
  };
  return (
    <section aria-labelledby="languages-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="languages-title" className="text-base font-semibold text-slate-900">
        {t('Languages')}
      </h2>
      <p className="text-sm text-slate-600">{t('The storefront’s language menu offers the enabled languages; a shopper who chose none, or one since disabled, reads the default.')}</p>
      {languages.isError ? (
        <LoadFailed onRetry={() => void languages.refetch()} />
      ) : !languages.data ? (
        <p role="status" className="py-10 text-center text-slate-600">
          {t('Loading…')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {languages.data.map((language) => (
            <LanguageRow key={language.name} language={language} busy={change.isPending} refusal={refusal?.name === language.name ? refusal.message : undefined} onChange={(body) => void send({ name: language.name, ...body })} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One language: its switch (the default's stays on) and, for an enabled one, the way to make it the default. */
function LanguageRow({ language, busy, refusal, onChange }: { language: ConsoleLanguage; busy: boolean; refusal?: string; onChange(change: Omit<LanguageChange, 'name'>): void }) {
  const { t } = useTranslation();
  const id = `language-${language.name}`;
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
      <div className="flex min-w-40 flex-col">
        <span id={`${id}-title`} lang={languageTagOf(language.name)} dir={language.direction} className="font-medium text-slate-900">
          {language.title}
        </span>
        <span className="text-sm text-slate-600" dir="ltr">
          {language.name}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={language.is_active}
          disabled={busy || language.is_default}
          onChange={(event) => onChange({ is_active: event.target.checked })}
          aria-describedby={refusal ? `${id}-error` : undefined}
          aria-invalid={refusal ? true : undefined}
          className="size-4"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {t('Enabled: {{language}}', { language: language.title })}
        </label>
      </div>
      {language.is_default ? (
        <span className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">{t('Default language')}</span>
      ) : (
        <button type="button" disabled={busy || !language.is_active} onClick={() => onChange({ is_default: true })} aria-describedby={`${id}-title`} className={secondaryButtonClass}>
          {t('Make default')}
        </button>
      )}
      {refusal && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-red-700">
          {refusal}
        </p>
      )}
    </li>
  );
}
