import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import { themeChangeSchema, themeShades, type Theme, type ThemeShade } from '../../../shared/theme.contract.ts';
import { checkContrast, themeFromPrimary, type ContrastResult } from '../../../shared/theme-readability.ts';
import type { ThemeColors } from '../../../shared/settings.contract.ts';
import { FieldError, inputClass, showServerErrors, useFormField } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { themeQuery, useSaveTheme } from './theme-queries.ts';

type ThemeChange = { theme_colors: Theme };
type ColourName = `theme_colors.${'primary' | ThemeShade}`;
const colourNames: ColourName[] = (['primary', ...themeShades] as const).map((shade) => `theme_colors.${shade}` as const);

/** The default theme's primary, for a store seeded without theme colours. */
const DEFAULT_PRIMARY = '#e5541b';

const isColour = (value: string | undefined): value is string => /^#[0-9a-f]{6}$/i.test(value ?? '');

/** A theme the store saved in part is completed from its primary, as the storefront would need all twelve. */
const completeTheme = (saved: ThemeColors): Theme => ({ ...themeFromPrimary(isColour(saved.primary) ? saved.primary : DEFAULT_PRIMARY), ...saved });

/** The colours being typed, each one not (yet) a colour shown as saved, for the preview and the checks. */
const previewedTheme = (typed: Partial<Theme>, saved: Theme): Theme =>
  Object.fromEntries((['primary', ...themeShades] as const).map((shade) => [shade, isColour(typed[shade]) ? typed[shade] : saved[shade]])) as Theme;

/** `/console/theme`: the storefront's colours, generated from a primary, adjustable shade by shade, checked for readable text. */
export function ThemePage() {
  const { t } = useTranslation();
  const theme = useQuery(themeQuery);
  return (
    <PageFrame title={t('Theme')}>
      {theme.isError ? (
        <LoadFailed onRetry={() => void theme.refetch()} />
      ) : !theme.data ? (
        <p role="status" className="py-10 text-center text-slate-600">
          {t('Loading…')}
        </p>
      ) : (
        <ThemeForm saved={completeTheme(theme.data)} />
      )}
    </PageFrame>
  );
}

function ThemeForm({ saved }: { saved: Theme }) {
  const { t } = useTranslation();
  const save = useSaveTheme();
  const form = useForm<ThemeChange>({ defaultValues: { theme_colors: saved }, resolver: zodResolver(themeChangeSchema) });
  const theme = previewedTheme(useWatch({ control: form.control, name: 'theme_colors' }), saved);
  const checks = checkContrast(theme);
  const unreadable = checks.filter((check) => !check.readable);
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values.theme_colors);
      showToast(answer.message);
      form.reset({ theme_colors: completeTheme(answer.data.theme_colors) });
    } catch (error) {
      showServerErrors(error, form.setError, colourNames);
    }
  });
  const generate = () => {
    const primary = form.getValues('theme_colors.primary');
    if (!isColour(primary)) return void form.trigger('theme_colors.primary');
    const generated = themeFromPrimary(primary);
    for (const shade of themeShades) form.setValue(`theme_colors.${shade}`, generated[shade], { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormProvider {...form}>
      <form aria-label={t('Theme')} noValidate onSubmit={(event) => void submit(event)} className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-base font-semibold text-slate-900">{t('Colours')}</h2>
          <ColourField name="theme_colors.primary" label={t('Primary colour')} />
          <div>
            <button type="button" onClick={generate} className={secondaryButtonClass}>
              {t('Generate the shades from the primary colour')}
            </button>
          </div>
          <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('Shades')}</legend>
            {themeShades.map((shade) => (
              <ColourField key={shade} name={`theme_colors.${shade}`} label={t('Shade {{shade}}', { shade })} />
            ))}
          </fieldset>
        </div>
        <div className="flex flex-col gap-4">
          <ThemePreview theme={theme} />
          <ContrastChecks checks={checks} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={save.isPending || unreadable.length > 0} className={primaryButtonClass}>
              {t('Save theme')}
            </button>
            <button type="button" onClick={() => form.reset({ theme_colors: saved })} disabled={!form.formState.isDirty} className={secondaryButtonClass}>
              {t('Undo changes')}
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/** A colour as a picker and as its hexadecimal text, the two kept together. */
function ColourField({ name, label }: { name: ColourName; label: string }) {
  const { t } = useTranslation();
  const { register, setValue } = useFormContext<ThemeChange>();
  const value = useWatch<ThemeChange>({ name }) as string;
  const { id, error, controlProps } = useFormField<ThemeChange>(name);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('{{colour}}: picker', { colour: label })}
          value={isColour(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })}
          className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-1"
        />
        <input {...register(name)} {...controlProps} dir="ltr" spellCheck={false} className={`${inputClass} font-mono`} />
      </div>
      <FieldError id={`${id}-error`} error={{ message: error }} />
    </div>
  );
}

/** The storefront's parts in the theme being edited: its colours apply to this box only, until saved. */
function ThemePreview({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const variables = Object.fromEntries(['primary', ...themeShades].map((shade) => [`--theme-${shade}`, theme[shade as keyof Theme]])) as CSSProperties;
  return (
    <section aria-labelledby="theme-preview" style={variables} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="theme-preview" className="text-base font-semibold text-slate-900">
        {t('Preview')}
      </h2>
      <div className="flex items-center justify-between rounded-md bg-primary-700 px-4 py-3 text-white">
        <span className="font-semibold">{t('Store header')}</span>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-primary-800">3</span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white">{t('Add to Cart')}</span>
        <span className="rounded-md bg-primary-800 px-4 py-2 text-sm font-semibold text-white">{t('Button under the pointer')}</span>
        <span className="text-sm font-semibold text-primary-700 underline">{t('A link')}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white">{t('Badge')}</span>
        <span className="rounded-full border border-primary-200 bg-primary-100 px-3 py-1 text-sm font-semibold text-primary-800">{t('Chip')}</span>
      </div>
      <div className="flex overflow-hidden rounded-md" aria-hidden="true">
        {themeShades.map((shade) => (
          <span key={shade} className="h-6 flex-1" style={{ backgroundColor: theme[shade] }} />
        ))}
      </div>
    </section>
  );
}

/** Each text-on-colour pair the storefront uses, its contrast and whether it passes WCAG AA (4.5 to 1). */
function ContrastChecks({ checks }: { checks: ContrastResult[] }) {
  const { t } = useTranslation();
  const pairName = (check: ContrastResult) =>
    check.text === 'white' ? t('White on shade {{background}}', { background: check.background }) : t('Shade {{text}} on shade {{background}}', { text: check.text, background: check.background });
  return (
    <section aria-labelledby="theme-contrast" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="theme-contrast" className="text-base font-semibold text-slate-900">
        {t('Readable text (WCAG AA)')}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {checks.map((check) => (
          <li key={check.use} className={check.readable ? 'text-slate-700' : 'font-semibold text-red-700'}>
            {t(check.use)} · {pairName(check)} · {t('{{ratio}} to 1', { ratio: check.ratio.toFixed(2) })} · {check.readable ? t('Readable') : t('Too faint: needs 4.50 to 1')}
          </li>
        ))}
      </ul>
    </section>
  );
}
