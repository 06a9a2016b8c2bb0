import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { languageTagOf } from '../../../shared/constants.ts';
import { showToast } from '../../ui/toast.tsx';
import { consoleLanguages, directionOf, showConsoleIn, useConsoleLanguage, type ConsoleLocale } from './console-language.ts';

const isConsoleLocale = (value: string): value is ConsoleLocale => consoleLanguages.some((language) => language.locale === value);

/** The top bar's language switch: each language is named in itself. The choice is kept for the member too, for the store's mails to them. */
export function LanguageMenu({ triggerClass, contentClass, itemClass }: { triggerClass: string; contentClass: string; itemClass: string }) {
  const { t } = useTranslation();
  const locale = useConsoleLanguage((state) => state.locale);
  const current = consoleLanguages.find((language) => language.locale === locale);
  const choose = (next: ConsoleLocale) => {
    void showConsoleIn(next);
    api.call('PUT /console/me/language', { body: { locale: next } }).catch((error: unknown) => showToast(error instanceof Error ? error.message : t('Something went wrong. Please try again.'), 'error'));
  };

  return (
    <DropdownMenu.Root dir={directionOf(locale)}>
      <DropdownMenu.Trigger className={triggerClass} aria-label={t('Language: {{language}}', { language: current?.name ?? locale })}>
        {current?.name}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={contentClass}>
          <DropdownMenu.RadioGroup value={locale} onValueChange={(next) => isConsoleLocale(next) && choose(next)}>
            {consoleLanguages.map((language) => (
              <DropdownMenu.RadioItem key={language.locale} value={language.locale} lang={languageTagOf(language.locale)} className={itemClass}>
                {language.name}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
