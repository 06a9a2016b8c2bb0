import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { blogCategoryCreateSchema, type BlogCategoryInput, type ConsoleBlogCategory } from '../../../shared/blog-console.contract.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { ConfirmDialog, ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { showServerErrors } from '../../ui/form.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField } from '../../ui/translated-field.tsx';
import { blogQueries, useDeleteBlogCategory, useReorderBlogCategories, useSaveBlogCategory } from './blog-queries.ts';

const valuesOf = (category?: ConsoleBlogCategory): BlogCategoryInput => ({
  name: category?.name ?? '',
  translations: Object.fromEntries(translatedLocales.map((locale) => [locale, { name: category?.translations[locale]?.name ?? '' }])),
});

const noCategories: ConsoleBlogCategory[] = [];

/** The blog's categories in the storefront's order: each moved, renamed or deleted (once empty) here, and a new one added. */
export function BlogCategoriesDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ConsoleBlogCategory | undefined>();
  const form = useForm<BlogCategoryInput>({ resolver: zodResolver(blogCategoryCreateSchema) as unknown as Resolver<BlogCategoryInput>, defaultValues: valuesOf() });
  const dialog = useFormDialog(() => {
    setEditing(undefined);
    form.reset(valuesOf());
  });
  const categories = useQuery({ ...blogQueries.categories(), enabled: dialog.open });
  const save = useSaveBlogCategory(editing?.id);
  const reorder = useReorderBlogCategories();
  const remove = useDeleteBlogCategory();
  const list = categories.data ?? noCategories;
  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((category) => category.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    showToast(t((await reorder.mutateAsync(ids)).message));
  };

  const edit = (category?: ConsoleBlogCategory) => {
    setEditing(category);
    form.reset(valuesOf(category));
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      showToast(t((await save.mutateAsync(values)).message));
      edit(undefined);
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      wide
      title={t('Blog categories')}
      trigger={
        <button type="button" className={secondaryButtonClass}>
          {t('Categories')}
        </button>
      }
    >
      <ul className="flex flex-col divide-y divide-slate-200">
        {list.map((category, index) => (
          <li key={category.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="flex flex-wrap items-center gap-2">
              <bdi className="font-medium">{category.name}</bdi>
              <span className="text-sm text-slate-600">{t('Posts: {{count}}', { count: formatNumber(category.post_count) })}</span>
              <MissingTranslations missing={category.missing_translations} />
            </span>
            <span className="flex flex-wrap gap-2">
              <button type="button" className={textButtonClass} disabled={index === 0 || reorder.isPending} onClick={() => void move(index, -1)}>
                {t('Move up')}
                <span className="sr-only"> <bdi>{category.name}</bdi></span>
              </button>
              <button type="button" className={textButtonClass} disabled={index === list.length - 1 || reorder.isPending} onClick={() => void move(index, 1)}>
                {t('Move down')}
                <span className="sr-only"> <bdi>{category.name}</bdi></span>
              </button>
              <button type="button" className={textButtonClass} onClick={() => edit(category)}>
                {t('Rename {{name}}', { name: category.name })}
              </button>
              <ConfirmDialog
                trigger={
                  <button type="button" className={textButtonClass}>
                    {t('Delete {{name}}', { name: category.name })}
                  </button>
                }
                title={t('Delete {{name}}', { name: category.name })}
                description={t('The category goes from the blog. A category with posts cannot be deleted: move its posts first.')}
                confirmLabel={t('Delete')}
                mutation={remove}
                onConfirm={async () => showToast(t((await remove.mutateAsync(category.id)).message))}
              />
            </span>
          </li>
        ))}
      </ul>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <h3 className="font-semibold text-slate-900">{editing ? t('Rename {{name}}', { name: editing.name }) : t('New category')}</h3>
          <TranslatedFormField<BlogCategoryInput> name="name" label={t('Name')} />
          <DialogButtons busy={save.isPending} confirm={editing ? t('Save') : t('Create')} cancel={t('Close')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}
