import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from '../../client/lib/i18n.ts';
import { translatedLocales } from '../../shared/catalog-console.contract.ts';
import { FormField } from './form.tsx';

/** Each translation's language by its own name, as the language menu shows it. */
export const translationLanguageNames: Record<(typeof translatedLocales)[number], string> = { ar: 'العربية', ir: 'فارسی' };

interface TranslatedFormFieldProps<Values extends FieldValues> {
  /** The default language's field; its translations are `translations.<locale>.<name>`. */
  name: Path<Values> & string;
  label: string;
  type?: 'text' | 'textarea';
}

/**
 * A text with its translations side by side (one column on a phone): the default language's, then
 * each translation, which falls back to the default language's text where left empty.
 */
export function TranslatedFormField<Values extends FieldValues>({ name, label, type = 'text' }: TranslatedFormFieldProps<Values>) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
      <FormField<Values> name={name} label={label} type={type} />
      {translatedLocales.map((locale) => (
        <FormField<Values>
          key={locale}
          name={`translations.${locale}.${name}` as Path<Values>}
          label={t('{{field}} in {{language}}', { field: label, language: translationLanguageNames[locale] })}
          type={type}
        />
      ))}
    </div>
  );
}

