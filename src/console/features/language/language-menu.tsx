import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { languageTagOf } from '../../../shared/constants.ts';
import { consoleLanguages, directionOf, showConsoleIn, useConsoleLanguage, type ConsoleLocale } from './console-language.ts';

const isConsoleLocale = (value: string): value is ConsoleLocale => consoleLanguages.some((language) => language.locale === value);

/** The top bar's language switch: each language is named in itself. */
export function LanguageMenu({ triggerClass, contentClass, itemClass }: { triggerClass: string; contentClass: string; itemClass: string }) {
  const { t } = useTranslation();
  const locale = useConsoleLanguage((state) => state.locale);
  const current = consoleLanguages.find((language) => language.locale === locale);

  return (
    <DropdownMenu.Root dir={directionOf(locale)}>
      <DropdownMenu.Trigger className={triggerClass} aria-label={t('Language: {{language}}', { language: current?.name ?? locale })}>
        {current?.name}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={contentClass}>
          <DropdownMenu.RadioGroup value={locale} onValueChange={(next) => isConsoleLocale(next) && void showConsoleIn(next)}>
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
