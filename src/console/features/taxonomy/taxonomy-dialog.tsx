import { languageTagOf } from '../../../shared/constants.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { taxonomyCreateSchemas, taxonomyUpdateSchemas, type TaxonomyItem } from '../../../shared/taxonomy-console.contract.ts';
import { ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { Field, inputClass, invalidProps, numberOr, showServerErrors } from '../../ui/form.tsx';
import { consoleMeQuery } from '../access/console-me.ts';
import { showToast } from '../../ui/toast.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import type { TaxonomyKindView } from './taxonomy-kinds.ts';
import { useSaveTaxonomy, type TaxonomyBody, type TaxonomyListRef } from './taxonomy-queries.ts';
import { translationLanguageNames } from '../../ui/translated-field.tsx';

/** Every field of any kind; the kind's schema keeps its own and sends only those. */
interface TaxonomyFormValues {
  category_id?: number;
  name: string;
  slug?: string;
  image?: string;
  code?: string;
  /** A category's own commission rate in percent; null: the store's. */
  commission_rate?: number | null;
  translations: Record<(typeof translatedLocales)[number], { name: string }>;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

function valuesOf(list: TaxonomyListRef, item: TaxonomyItem | undefined): TaxonomyFormValues {
  return {
    ...(!item && list.categoryId !== undefined && { category_id: list.categoryId }),
    name: item?.name ?? '',
    slug: item?.slug ?? '',
    code: item?.code ?? '',
    commission_rate: item?.commission_rate ?? null,
    // The picture is sent only when a new one is uploaded.
    image: undefined,
    translations: Object.fromEntries(translatedLocales.map((locale) => [locale, { name: item?.translations[locale]?.name ?? '' }])) as TaxonomyFormValues['translations'],
  };
}

interface TaxonomyDialogProps {
  view: TaxonomyKindView;
  list: TaxonomyListRef;
  /** Left out: a new record of the list. */
  item?: TaxonomyItem;
  /** The button that opens it. */
  trigger: ReactNode;
}

/** Creates or edits one record of the taxonomy: the kind's fields, checked by the shared schema, and the record's history. */
export function TaxonomyDialog({ view, list, item, trigger }: TaxonomyDialogProps) {
  const { t } = useTranslation();
  const schema = item ? taxonomyUpdateSchemas[view.kind] : taxonomyCreateSchemas[view.kind];
  const form = useForm<TaxonomyFormValues, unknown, TaxonomyBody>({ resolver: zodResolver(schema) as unknown as Resolver<TaxonomyFormValues, unknown, TaxonomyBody>, defaultValues: valuesOf(list, item) });
  const dialog = useFormDialog(() => form.reset(valuesOf(list, item)));
  const save = useSaveTaxonomy(list, item);
  const { errors } = form.formState;
  const storeRate = useQuery(consoleMeQuery).data?.commission_rate;
  const fields: Path<TaxonomyFormValues>[] = [
    'name',
    ...(view.slug ? (['slug'] as const) : []),
    ...(view.image ? (['image'] as const) : []),
    ...(view.code ? (['code'] as const) : []),
    ...(view.commission ? (['commission_rate'] as const) : []),
    ...(view.translated ? translatedLocales.map((locale) => `translations.${locale}.name` as const) : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(answer.message);
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });

  // A new picture replaces the current one; removing the new one brings the current one back.
  const picture = useWatch({ control: form.control, name: 'image' }) ?? item?.image;
  const code = useWatch({ control: form.control, name: 'code' });

  return (
    <ConsoleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} trigger={trigger} title={item ? t('Edit {{name}}', { name: item.name }) : view.create()}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field id="taxonomy-name" label={t('Name')} error={errors.name?.message}>
          <input {...form.register('name')} {...invalidProps('taxonomy-name', errors.name?.message)} className={inputClass} />
        </Field>
        {view.slug && (
          <Field id="taxonomy-slug" label={t('Slug')} error={errors.slug?.message}>
            <input
              {...form.register('slug', { setValueAs: emptyToUndefined })}
              {...invalidProps('taxonomy-slug', errors.slug?.message)}
              dir="ltr"
              placeholder={item ? undefined : t('Made from the name when left empty')}
              className={inputClass}
            />
          </Field>
        )}
        {view.code && (
          <Field id="taxonomy-code" label={t('Colour code')} error={errors.code?.message}>
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="size-10 shrink-0 rounded-md border border-slate-300" style={{ backgroundColor: code || 'transparent' }} />
              <input {...form.register('code')} {...invalidProps('taxonomy-code', errors.code?.message)} dir="ltr" placeholder="#1a2b3c" className={inputClass} />
            </div>
          </Field>
        )}
        {view.image && (
          <MediaUploader
            label={t('Picture')}
            value={picture ? [picture] : []}
            onChange={(next) => form.setValue('image', next[0], { shouldDirty: true })}
            max={1}
            error={errors.image?.message}
          />
        )}
        {view.commission && (
          <Field
            id="taxonomy-commission"
            label={t('Commission rate (%)')}
            error={errors.commission_rate?.message}
            hint={
              storeRate !== undefined && (
                <p className="text-sm text-slate-600">
                  {t('Empty: the store default, {{rate}} %.', { rate: formatNumber(storeRate) })}
                </p>
              )
            }
          >
            <input
              type="number"
              step="any"
              {...form.register('commission_rate', { setValueAs: numberOr(null) })}
              {...invalidProps('taxonomy-commission', errors.commission_rate?.message)}
              className={inputClass}
            />
          </Field>
        )}
        {view.translated &&
          translatedLocales.map((locale) => {
            const id = `taxonomy-name-${locale}`;
            const error = errors.translations?.[locale]?.name?.message;
            return (
              <div key={locale} lang={languageTagOf(locale)}>
                <Field id={id} label={t('Name in {{language}}', { language: translationLanguageNames[locale] })} error={error}>
                  <input {...form.register(`translations.${locale}.name`)} {...invalidProps(id, error)} dir="auto" className={inputClass} />
                </Field>
              </div>
            );
          })}
        <DialogButtons busy={save.isPending} confirm={item ? t('Save') : t('Create')} />
      </form>
      {item && <HistorySection entityType={view.entityType} entityId={item.id} />}
    </ConsoleDialog>
  );
}
