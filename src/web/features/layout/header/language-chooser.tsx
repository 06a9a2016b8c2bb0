import { languageTagOf } from '../../../../shared/constants.ts';
import { Dropdown, dropdownItemClass } from '../../../components/ui/dropdown.tsx';
import { CheckIcon, GlobeIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { chooseLanguage } from '../../settings/choose-language.ts';
import { useSettings } from '../../settings/settings-store.ts';

export function LanguageChooser({ buttonClassName }: { buttonClassName: string }) {
  const { t } = useTranslation();
  const languages = useSettings((state) => state.languages);
  const locale = useSettings((state) => state.locale);
  if (languages.length === 0) return null;
  const current = languages.find((language) => language.name === locale);
  return (
    <Dropdown
      align="end"
      buttonClassName={buttonClassName}
      trigger={
        <>
          <GlobeIcon className="size-4" />
          <span className="sr-only">{t('Language')}:</span>
          <span>{current?.title ?? locale}</span>
        </>
      }
    >
      {languages.map((language) => {
        const isCurrent = language.name === locale;
        return (
          <button
            key={language.id}
            type="button"
            lang={languageTagOf(language.name)}
            aria-current={isCurrent}
            onClick={() => {
              if (!isCurrent) void chooseLanguage(language.name);
            }}
            className={dropdownItemClass}
          >
            {language.title}
            {isCurrent && <CheckIcon className="ms-auto size-4 text-primary-700" />}
          </button>
        );
      })}
    </Dropdown>
  );
}
