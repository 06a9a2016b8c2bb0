import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useController, useForm, type Path, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { bannerCreateSchema, type BannerCreateInput, type ConsoleBanner } from '../../../shared/home-content.contract.ts';
import { isoMoment, localInput } from '../../ui/date.ts';
import { FormField, FormSection, FormSwitch, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField, translationLanguageNames } from '../../ui/translated-field.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { useSaveBanner, bannerQueries } from './home-content-queries.ts';

/** The window's ends as `datetime-local` inputs hold them (the browser's local time), null when open. */
type BannerFormValues = Omit<BannerCreateInput, 'starts_at' | 'ends_at'> & { starts_at: string | null; ends_at: string | null };

const emptyOrNull = (value: unknown) => (value === '' ? null : value);

function valuesOf(banner: ConsoleBanner | undefined): BannerFormValues {
  const translations = Object.fromEntries(
    translatedLocales.map((locale) => [locale, { title: '', subtitle: '', image: '', image_alt: '', ...banner?.translations[locale] }]),
  );
  if (!banner) return { title: '', subtitle: '', image: '', image_alt: '', link: '', translations, is_active: true, starts_at: null, ends_at: null };
  return {
    title: banner.title,
    subtitle: banner.subtitle,
    image: banner.image,
    image_alt: banner.image_alt,
    link: banner.link,
    translations,
    is_active: banner.is_active,
    starts_at: banner.starts_at && localInput(banner.starts_at),
    ends_at: banner.ends_at && localInput(banner.ends_at),
  };
}

/** `/console/content/banners/new` and `/console/content/banners/:id`. */
export function BannerEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const bannerId = id === undefined ? undefined : Number(id);
  const banner = useQuery({ ...bannerQueries.one(bannerId ?? 0), enabled: bannerId !== undefined });
  if (bannerId === undefined) return <BannerForm key="new" />;
  if (!banner.data) {
    return <DetailPageState query={banner} texts={{ title: t('Banner'), notFound: t('Banner not found'), back: { to: '/content/banners', label: t('Back to the banners') }, loading: t('Loading banners…') }} />;
  }
  return <BannerForm key={banner.data.id} banner={banner.data} />;
}

function BannerForm({ banner }: { banner?: ConsoleBanner }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveBanner(banner?.id);
  const form = useForm<BannerFormValues>({ resolver: zodResolver(bannerCreateSchema) as unknown as Resolver<BannerFormValues>, defaultValues: valuesOf(banner) });

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        ...bannerCreateSchema.parse(values),
        starts_at: isoMoment(values.starts_at) ?? null,
        ends_at: isoMoment(values.ends_at) ?? null,
      });
      showToast(t(answer.message));
      if (!banner) void navigate(`/content/banners/${answer.data.banner.id}`, { replace: true });
      else form.reset(valuesOf(answer.data.banner));
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <PageFrame title={banner ? banner.title : t('New banner')}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-3">
            <Link to="/content/banners" className={textButtonClass}>
              {t('Back to the banners')}
            </Link>
            <button type="submit" disabled={save.isPending} className={`${primaryButtonClass} ms-auto`}>
              {banner ? t('Save') : t('Create')}
            </button>
          </div>

          <FormSection title={t('Banner')}>
            <TranslatedFormField<BannerFormValues> name="title" label={t('Title')} />
            <TranslatedFormField<BannerFormValues> name="subtitle" label={t('Subtitle')} />
          </FormSection>

          <FormSection title={t('Pictures')}>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
              <PictureField name="image" label={t('Picture')} />
              {translatedLocales.map((locale) => (
                <PictureField key={locale} name={`translations.${locale}.image`} label={t('{{field}} in {{language}}', { field: t('Picture'), language: translationLanguageNames[locale] })} />
              ))}
            </div>
            <TranslatedFormField<BannerFormValues> name="image_alt" label={t('Picture description (alt text)')} />
          </FormSection>

          <FormSection title={t('Link and schedule')}>
            <div className="grid gap-4 md:grid-cols-3">
              <FormField<BannerFormValues> name="link" label={t('Link')} hint={t('A store path such as /categories/phones, or an https address.')} />
              <FormField<BannerFormValues> name="starts_at" type="datetime-local" label={t('Shown from')} hint={t('Left empty: from now on.')} options={{ setValueAs: emptyOrNull }} />
              <FormField<BannerFormValues> name="ends_at" type="datetime-local" label={t('Shown until')} hint={t('Left empty: until switched off.')} options={{ setValueAs: emptyOrNull }} />
            </div>
            <FormSwitch<BannerFormValues> name="is_active" label={t('Shown on the home page')} />
          </FormSection>
        </form>
      </FormProvider>
      {banner && <HistorySection entityType="banner" entityId={banner.id} />}
    </PageFrame>
  );
}

/** One language's picture from the media library; a translation's left empty shows the default language's. */
function PictureField({ name, label }: { name: Path<BannerFormValues>; label: string }) {
  const { field, fieldState } = useController<BannerFormValues>({ name });
  const value = typeof field.value === 'string' && field.value !== '' ? [field.value] : [];
  return <MediaUploader label={label} value={value} onChange={(next) => field.onChange(next[0] ?? '')} max={1} error={fieldState.error?.message} />;
}
