import { languageTagOf } from '../../../shared/constants.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useController, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { blogPostCreateSchema, blogPostUpdateSchema, type BlogPostInput, type BlogPostStatus, type ConsoleBlogPost } from '../../../shared/blog-console.contract.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { isoMoment, localInput } from '../../ui/date.ts';
import { FormField, FormSection, FormSelect, numberOr, RecordOptions, showServerErrors, textOrUndefined } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField, translationLanguageNames } from '../../ui/translated-field.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { blogQueries, usePreviewLink, useSaveBlogPost } from './blog-queries.ts';
import { useBlogStatusLabels } from './blog-posts-page.tsx';

type BlogPostFormValues = Omit<BlogPostInput, 'published_at'> & { published_at?: string };

const emptyTranslations = () => Object.fromEntries(translatedLocales.map((locale) => [locale, { title: '', meta_description: '', body: '' }]));

function valuesOf(post: ConsoleBlogPost | undefined): BlogPostFormValues {
  if (!post) return { title: '', meta_description: '', body: '', translations: emptyTranslations(), status: 'draft' };
  return {
    title: post.title,
    slug: post.slug,
    category_id: post.category_id,
    cover: post.cover,
    meta_description: post.meta_description,
    body: post.body,
    translations: Object.fromEntries(translatedLocales.map((locale) => [locale, { title: '', meta_description: '', body: '', ...post.translations[locale] }])),
    status: post.status,
    published_at: post.published_at ? localInput(post.published_at) : undefined,
  };
}

/** `/console/blog/new` and `/console/blog/:id`. */
export function BlogPostEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const postId = id === 'new' ? undefined : Number(id);
  const post = useQuery({ ...blogQueries.post(postId ?? 0), enabled: postId !== undefined });
  if (postId === undefined) return <BlogPostForm key="new" />;
  if (!post.data) {
    return <DetailPageState query={post} texts={{ title: t('Blog post'), notFound: t('Blog post not found'), back: { to: '/blog', label: t('Back to the blog') }, loading: t('Loading posts…') }} />;
  }
  return <BlogPostForm key={post.data.id} post={post.data} />;
}

function BlogPostForm({ post }: { post?: ConsoleBlogPost }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveBlogPost(post?.id);
  const resolver = zodResolver(post ? blogPostUpdateSchema : blogPostCreateSchema) as unknown as Resolver<BlogPostFormValues>;
  const form = useForm<BlogPostFormValues>({ resolver, defaultValues: valuesOf(post) });
  const categories = useQuery(blogQueries.categories());
  const status = useWatch({ control: form.control, name: 'status' });
  const statusLabels = useBlogStatusLabels();

  const submit = form.handleSubmit(async ({ published_at, ...values }) => {
    try {
      const answer = await save.mutateAsync({ ...values, ...(values.status === 'scheduled' && { published_at }) });
      showToast(t(answer.message));
      if (!post) void navigate(`/blog/${answer.data.post.id}`, { replace: true });
      else form.reset(valuesOf(answer.data.post));
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <PageFrame title={post ? post.title : t('New post')}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-3">
            <Link to="/blog" className={textButtonClass}>
              {t('Back to the blog')}
            </Link>
            <div className="ms-auto flex flex-wrap gap-2">
              {post && <PreviewLink postId={post.id} />}
              <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
                {t('Save')}
              </button>
            </div>
          </div>

          <FormSection title={t('Post')}>
            <TranslatedFormField<BlogPostFormValues> name="title" label={t('Title')} />
            <TranslatedFormField<BlogPostFormValues> name="meta_description" label={t('Meta description')} type="textarea" />
            <div className="grid grid-cols-1 gap-3 xl:grid-cols-3">
              <RichTextField<BlogPostFormValues> name="body" label={t('Body')} />
              {translatedLocales.map((locale) => (
                <div key={locale} lang={languageTagOf(locale)}>
                  <RichTextField<BlogPostFormValues> name={`translations.${locale}.body`} label={t('Body in {{language}}', { language: translationLanguageNames[locale] })} dir="rtl" />
                </div>
              ))}
            </div>
          </FormSection>

          <FormSection title={t('Publishing')}>
            <div className="grid gap-4 md:grid-cols-2">
              <FormSelect<BlogPostFormValues> name="category_id" label={t('Category')} options={{ setValueAs: numberOr(undefined) }}>
                <option value="">{t('Choose a category')}</option>
                <RecordOptions records={categories.data} />
              </FormSelect>
              <FormField<BlogPostFormValues> name="slug" label={t('Slug')} hint={t('Left empty, it is made from the title.')} options={{ setValueAs: textOrUndefined }} />
              <FormSelect<BlogPostFormValues> name="status" label={t('Status')}>
                {(['draft', 'scheduled', 'published'] as BlogPostStatus[]).map((value) => (
                  <option key={value} value={value}>
                    {statusLabels[value]}
                  </option>
                ))}
              </FormSelect>
              {status === 'scheduled' && <FormField<BlogPostFormValues> name="published_at" type="datetime-local" label={t('Publish at')} options={{ setValueAs: isoMoment }} />}
            </div>
            <CoverField />
          </FormSection>
        </form>
      </FormProvider>
      {post && <HistorySection entityType="blog_post" entityId={post.id} />}
    </PageFrame>
  );
}

function CoverField() {
  const { t } = useTranslation();
  const { field, fieldState } = useController<BlogPostFormValues, 'cover'>({ name: 'cover' });
  return <MediaUploader label={t('Cover picture')} value={field.value ? [field.value] : []} onChange={(next) => field.onChange(next[0])} max={1} error={fieldState.error?.message} />;
}

/** Signs a link to the post on the storefront as it stands, draft or not, for an hour. */
function PreviewLink({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const preview = usePreviewLink(postId);
  if (preview.data) {
    return (
      <a href={preview.data.url} target="_blank" rel="noreferrer" className={secondaryButtonClass}>
        {t('Open the preview')}
      </a>
    );
  }
  return (
    <button type="button" className={secondaryButtonClass} disabled={preview.isPending} onClick={() => preview.mutate()}>
      {t('Preview link')}
    </button>
  );
}
