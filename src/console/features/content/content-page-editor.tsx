import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { contentPageCreateSchema, footerGroups, pagePath, type ConsoleContentPage, type ContentPageCreate, type ContentPageCreateInput } from '../../../shared/content-console.contract.ts';
import { FormField, FormSelect, FormSwitch, numberOr, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField, translationLanguageNames } from '../../ui/translated-field.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { contentPageQueries, useSaveContentPage } from './content-queries.ts';

const newPage: ContentPageCreateInput = { slug: '', title: '', content_html: '', translations: {}, is_published: false, footer_group: null, footer_order: 0 };

const formValues = (page: ConsoleContentPage): ContentPageCreateInput => ({
  slug: page.slug,
  title: page.title,
  content_html: page.content_html,
  translations: Object.fromEntries(translatedLocales.map((locale) => [locale, { title: page.translations[locale]?.title ?? '', content_html: page.translations[locale]?.content_html ?? '' }])),
  is_published: page.is_published,
  footer_group: page.footer_group,
  footer_order: page.footer_order,
});

/** `/console/content/pages/new` and `/console/content/pages/{id}`: a page with its translations side by side. */
export function ContentPageEditor() {
  const { t } = useTranslation();
  const { id } = useParams();
  const pageId = id === undefined ? undefined : Number(id);
  const saved = useQuery({ ...contentPageQueries.one(pageId ?? 0), enabled: pageId !== undefined });
  const title = pageId === undefined ? t('New page') : (saved.data?.title ?? t('Page'));
  return (
    <PageFrame title={title}>
      <Link to="/content/pages" className="self-start text-sm font-medium text-primary-800 hover:underline">
        {t('All pages')}
      </Link>
      {pageId === undefined ? (
        <PageForm />
      ) : saved.isError ? (
        <LoadFailed onRetry={() => void saved.refetch()} />
      ) : !saved.data ? (
        <p role="status" className="py-10 text-center text-slate-600">
          {t('Loading…')}
        </p>
      ) : (
        <PageForm key={saved.data.id} page={saved.data} />
      )}
    </PageFrame>
  );
}

function PageForm({ page }: { page?: ConsoleContentPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveContentPage(page?.id);
  const form = useForm<ContentPageCreateInput, unknown, ContentPageCreate>({ defaultValues: page ? formValues(page) : newPage, resolver: zodResolver(contentPageCreateSchema) });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(t(answer.message));
      if (page) form.reset(formValues(answer.data.page));
      else void navigate(`/content/pages/${answer.data.page.id}`);
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });
  return (
    <FormProvider {...form}>
      <form aria-label={t('Page')} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        {page?.standard ? (
          <p className="text-sm text-slate-700">
            {t('Address')}: <span dir="ltr">{pagePath(page.slug)}</span>
          </p>
        ) : (
          <FormField<ContentPageCreateInput> name="slug" label={t('Slug')} hint={t('Lower-case letters, numbers and dashes: the page is at /page/{slug}.')} className="max-w-md" />
        )}
        <TranslatedFormField<ContentPageCreateInput> name="title" label={t('Title')} />
        <RichTextField<ContentPageCreateInput> name="content_html" label={t('Content')} />
        {translatedLocales.map((locale) => (
          <RichTextField<ContentPageCreateInput>
            key={locale}
            name={`translations.${locale}.content_html`}
            label={t('Content in {{language}}', { language: translationLanguageNames[locale] })}
            dir="rtl"
          />
        ))}
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-base font-semibold text-slate-900">{t('Footer')}</legend>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <FormSelect<ContentPageCreateInput> name="footer_group" label={t('Footer column')} options={{ setValueAs: (value: string) => (value === '' ? null : value) }}>
              <option value="">{t('Not in the footer')}</option>
              {footerGroups.map((group) => (
                <option key={group} value={group}>
                  {group === 'company' ? t('Company') : t('Help')}
                </option>
              ))}
            </FormSelect>
            <FormField<ContentPageCreateInput> name="footer_order" label={t('Place in the footer')} type="number" options={{ setValueAs: numberOr(undefined) }} />
          </div>
        </fieldset>
        <FormSwitch<ContentPageCreateInput> name="is_published" label={t('Published')} />
        <div>
          <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
            {t('Save page')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
