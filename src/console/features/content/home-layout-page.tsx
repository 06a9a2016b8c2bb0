import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormProvider, useController, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { Category, HomeSectionKind } from '../../../shared/catalog.contract.ts';
import { homeLayoutSchema, type ConsoleHomeLayout, type HomeLayout } from '../../../shared/home-content.contract.ts';
import { FieldError, FormSection, FormSwitch, showServerErrors } from '../../ui/form.tsx';
import { MoveButtons, moved } from '../../ui/move-buttons.tsx';
import { showToast } from '../../ui/toast.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { homeLayoutQueries, useHomePreviewLink, usePublishHome, useSaveHomeDraft } from './home-content-queries.ts';

function useSectionNames(): Record<HomeSectionKind, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      categories: t('Categories strip'),
      flash_sale: t('Running or upcoming flash sale'),
      popular_products: t('Popular Products'),
      best_deals: t('Best Deals'),
      just_for_you: t('Just For You'),
      shops: t('Shops'),
    }),
    [t],
  );
}

/** `/console/content/home`: the storefront home's sections, each on or off and in order, edited as a draft, previewed, then published. */
export function HomeLayoutPage() {
  const { t } = useTranslation();
  const layout = useQuery(homeLayoutQueries.layout());
  return (
    <PageFrame title={t('Home page')}>
      {layout.isError ? (
        <LoadFailed onRetry={() => void layout.refetch()} />
      ) : layout.data ? (
        <HomeLayoutForm current={layout.data} />
      ) : (
        <p role="status">{t('Loading the home page…')}</p>
      )}
    </PageFrame>
  );
}

function HomeLayoutForm({ current }: { current: ConsoleHomeLayout }) {
  const { t } = useTranslation();
  const form = useForm<HomeLayout>({ resolver: zodResolver(homeLayoutSchema), defaultValues: current.draft });
  const save = useSaveHomeDraft();
  const publish = usePublishHome();
  const preview = useHomePreviewLink();
  const busy = save.isPending || publish.isPending || preview.isPending;

  /** Saves the draft when it changed; false when the form or the server refused it. */
  const saveDraft = async (): Promise<boolean> => {
    let saved = false;
    await form.handleSubmit(async (values) => {
      try {
        if (form.formState.isDirty) {
          const answer = await save.mutateAsync(values);
          form.reset(answer.data.draft);
          showToast(t(answer.message));
        }
        saved = true;
      } catch (error) {
        showServerErrors(error, form.setError);
      }
    })();
    return saved;
  };
  const openPreview = async () => {
    if (await saveDraft()) preview.mutate();
  };
  const makeLive = async () => {
    if (await saveDraft()) showToast(t((await publish.mutateAsync()).message));
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => { event.preventDefault(); void saveDraft(); }} className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-slate-700">
            {current.unpublished_changes || form.formState.isDirty ? t('The draft has changes the storefront does not show yet.') : t('The storefront shows this layout.')}
          </p>
          <div className="ms-auto flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={secondaryButtonClass}>
              {t('Save draft')}
            </button>
            {preview.data && !form.formState.isDirty ? (
              <a href={preview.data.url} target="_blank" rel="noreferrer" className={secondaryButtonClass}>
                {t('Open the preview')}
              </a>
            ) : (
              <button type="button" disabled={busy} className={secondaryButtonClass} onClick={() => void openPreview()}>
                {t('Preview')}
              </button>
            )}
            <button type="button" disabled={busy} className={primaryButtonClass} onClick={() => void makeLive()}>
              {t('Publish')}
            </button>
          </div>
        </div>
        <SectionsField form={form} />
        <CategoriesField />
      </form>
    </FormProvider>
  );
}

function SectionsField({ form }: { form: UseFormReturn<HomeLayout> }) {
  const { t } = useTranslation();
  const names = useSectionNames();
  const { fields, move } = useFieldArray({ control: form.control, name: 'sections' });
  return (
    <FormSection title={t('Sections below the banners')}>
      <FieldError error={form.formState.errors.sections?.root ?? form.formState.errors.sections} />
      <ol className="flex flex-col divide-y divide-slate-100">
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="w-8 text-sm text-slate-600">{index + 1}.</span>
            <div className="min-w-48 flex-1">
              <FormSwitch<HomeLayout> name={`sections.${index}.enabled`} label={names[field.kind]} />
            </div>
            <MoveButtons name={names[field.kind]} index={index} count={fields.length} onMove={(by) => move(index, index + by)} />
          </li>
        ))}
      </ol>
    </FormSection>
  );
}

/** The strip's categories: none chosen shows every category in the store's order; chosen ones show in the order given here. */
function CategoriesField() {
  const { t } = useTranslation();
  const categories = useQuery(homeLayoutQueries.categories());
  const { field, fieldState } = useController<HomeLayout, 'category_ids'>({ name: 'category_ids' });
  const chosen = field.value;
  const byId = new Map((categories.data ?? []).map((category) => [category.id, category]));
  const toggle = (category: Category) => field.onChange(chosen.includes(category.id) ? chosen.filter((id) => id !== category.id) : [...chosen, category.id]);
  return (
    <FormSection title={t('Categories in the strip')}>
      <p className="text-sm text-slate-700">{t('None chosen: the strip shows every category in the store’s order.')}</p>
      <FieldError error={fieldState.error} />
      <div className="grid gap-6 md:grid-cols-2">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('Categories')}</legend>
          <ul className="flex flex-col gap-1">
            {(categories.data ?? []).map((category) => (
              <li key={category.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" checked={chosen.includes(category.id)} onChange={() => toggle(category)} className="size-4" />
                  <bdi>{category.name}</bdi>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-800">{t('Order in the strip')}</h3>
          {chosen.length === 0 ? (
            <p className="text-sm text-slate-600">{t('Every category')}</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {chosen.map((id, index) => {
                const name = byId.get(id)?.name ?? `#${id}`;
                return (
                  <li key={id} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="min-w-32 flex-1">
                      <bdi>{name}</bdi>
                    </span>
                    <MoveButtons name={name} index={index} count={chosen.length} onMove={(by) => field.onChange(moved(chosen, index, by))} />
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </div>
    </FormSection>
  );
}
