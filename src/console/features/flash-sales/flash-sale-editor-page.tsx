import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useController, useForm, useFormContext, type Path, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { flashSaleCreateSchema, type ConsoleFlashSale, type FlashSaleCreate, type FlashSaleCreateInput } from '../../../shared/flash-sales-console.contract.ts';
import { instantToZonedLocal, zonedLocalToInstant } from '../../../shared/store-time.ts';
import { Section } from '../../ui/detail-section.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { FieldError, FormField, showServerErrors, useFormField } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField, translationLanguageNames } from '../../ui/translated-field.tsx';
import { HistorySection } from '../audit/entity-history.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import { DetailPageState } from '../navigation/detail-page-state.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { FlashSaleEnrolments } from './flash-sale-enrolments.tsx';
import { flashSaleQueries, useDeleteFlashSale, useEndFlashSale, useSaveFlashSale } from './flash-sale-queries.ts';
import { StoreZoneNote, useFlashSaleStatusLabels } from './flash-sales-page.tsx';

const scheduleFields = ['starts_at', 'ends_at', 'enrolment_starts_at', 'enrolment_ends_at'] as const;

/** The form holds the sale's times as the store's clock reads them (`2026-12-07T12:00`); the request, as instants. */
type FlashSaleFormValues = Omit<FlashSaleCreateInput, 'translations'> & {
  translations: Record<(typeof translatedLocales)[number], { name: string; banner: string; banner_alt: string }>;
};

/** The shared schema over the form's values: each time read in the store's zone first (one that is no time stays as typed, to be refused). */
const formSchema = (timeZone: string) =>
  z.preprocess((input) => {
    const values = input as FlashSaleFormValues;
    const times = Object.fromEntries(scheduleFields.map((field) => [field, zonedLocalToInstant(values[field], timeZone) ?? values[field]]));
    return { ...values, ...times };
  }, flashSaleCreateSchema) as unknown as z.ZodType<FlashSaleCreate, FlashSaleFormValues>;

function valuesOf(sale: ConsoleFlashSale | undefined, timeZone: string): FlashSaleFormValues {
  const texts = (locale: (typeof translatedLocales)[number]) => ({ name: '', banner: '', banner_alt: '', ...sale?.translations[locale] });
  const translations = Object.fromEntries(translatedLocales.map((locale) => [locale, texts(locale)])) as FlashSaleFormValues['translations'];
  if (!sale) return { name: '', banner: '', banner_alt: '', translations, starts_at: '', ends_at: '', enrolment_starts_at: '', enrolment_ends_at: '', auto_approve: false };
  const local = (field: (typeof scheduleFields)[number]) => instantToZonedLocal(sale[field], timeZone);
  return {
    name: sale.name,
    banner: sale.banner,
    banner_alt: sale.banner_alt,
    translations,
    starts_at: local('starts_at'),
    ends_at: local('ends_at'),
    enrolment_starts_at: local('enrolment_starts_at'),
    enrolment_ends_at: local('enrolment_ends_at'),
    auto_approve: sale.auto_approve,
  };
}

/** `/console/flash-sales/new` and `/console/flash-sales/:id`: the sale's texts, pictures and times, its actions and its enrolments. */
export function FlashSaleEditorPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const saleId = id === 'new' ? undefined : Number(id);
  const timeZone = me.time_zone;
  const sale = useQuery({ ...flashSaleQueries.sale(saleId ?? 0), enabled: saleId !== undefined });
  const texts = { title: t('Flash sale'), notFound: t('Flash sale not found'), back: { to: '/flash-sales', label: t('Back to the flash sales') }, loading: t('Loading flash sales…') };
  if (saleId !== undefined && !sale.data) return <DetailPageState query={sale} texts={texts} />;
  return <FlashSaleForm key={`${sale.data?.id ?? 'new'}-${timeZone}`} sale={sale.data} timeZone={timeZone} />;
}

function FlashSaleForm({ sale, timeZone }: { sale?: ConsoleFlashSale; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveFlashSale(sale?.id);
  const statusLabels = useFlashSaleStatusLabels();
  const resolver = zodResolver(formSchema(timeZone)) as unknown as Resolver<FlashSaleFormValues>;
  const form = useForm<FlashSaleFormValues>({ resolver, defaultValues: valuesOf(sale, timeZone) });
  const ended = sale?.status === 'ended';
  // Read while rendering, so the form tracks which fields changed.
  const { dirtyFields } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    // A change sends only what changed: a running sale keeps its start, which it is not sent again.
    const body = sale ? Object.fromEntries(Object.entries(values).filter(([field]) => field in dirtyFields)) : values;
    try {
      const answer = await save.mutateAsync(body);
      showToast(t(answer.message));
      if (!sale) void navigate(`/flash-sales/${answer.data.flash_sale.id}`, { replace: true });
      else form.reset(valuesOf(answer.data.flash_sale, timeZone));
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });

  return (
    <PageFrame title={sale ? sale.name : t('New flash sale')}>
      <div className="flex flex-col gap-6">
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
            <div className="flex flex-wrap items-center gap-3">
              <Link to="/flash-sales" className={textButtonClass}>
                {t('Back to the flash sales')}
              </Link>
              {sale && <p className="text-sm font-medium text-slate-700">{statusLabels[sale.status]}</p>}
              <div className="ms-auto flex flex-wrap gap-2">
                {sale && <SaleActions sale={sale} />}
                {!ended && (
                  <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
                    {sale ? t('Save') : t('Create')}
                  </button>
                )}
              </div>
            </div>
            {ended && <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{t('This flash sale has ended: it can no longer be changed.')}</p>}

            <fieldset disabled={ended} className="flex flex-col gap-6">
              <Section title={t('Name and banner')}>
                <div className="flex flex-col gap-4">
                  <TranslatedFormField<FlashSaleFormValues> name="name" label={t('Name')} />
                  <BannerFields />
                  <TranslatedFormField<FlashSaleFormValues> name="banner_alt" label={t('Banner description')} />
                </div>
              </Section>

              <Section title={t('Schedule')}>
                <div className="flex flex-col gap-4">
                  <StoreZoneNote timeZone={timeZone} />
                  <div className="grid gap-4 md:grid-cols-2">
                    <FormField<FlashSaleFormValues> name="starts_at" type="datetime-local" label={t('Starts at')} />
                    <FormField<FlashSaleFormValues> name="ends_at" type="datetime-local" label={t('Ends at')} />
                    <FormField<FlashSaleFormValues> name="enrolment_starts_at" type="datetime-local" label={t('Enrolment starts at')} />
                    <FormField<FlashSaleFormValues> name="enrolment_ends_at" type="datetime-local" label={t('Enrolment ends at')} />
                  </div>
                  <AutoApproveSwitch />
                </div>
              </Section>
            </fieldset>
          </form>
        </FormProvider>
        {sale && <FlashSaleEnrolments sale={sale} />}
        {sale && <HistorySection entityType="flash_sale" entityId={sale.id} />}
      </div>
    </PageFrame>
  );
}

/** The banner of each language side by side, like the texts: a translation's falls back to the default language's. */
function BannerFields() {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
      <BannerField name="banner" label={t('Banner')} />
      {translatedLocales.map((locale) => (
        <BannerField key={locale} name={`translations.${locale}.banner`} label={t('{{field}} in {{language}}', { field: t('Banner'), language: translationLanguageNames[locale] })} />
      ))}
    </div>
  );
}

function BannerField({ name, label }: { name: Path<FlashSaleFormValues>; label: string }) {
  const { field, fieldState } = useController<FlashSaleFormValues>({ name });
  const value = typeof field.value === 'string' && field.value !== '' ? [field.value] : [];
  return <MediaUploader label={label} value={value} onChange={(next) => field.onChange(next[0] ?? '')} max={1} error={fieldState.error?.message} />;
}

function AutoApproveSwitch() {
  const { t } = useTranslation();
  const { register } = useFormContext<FlashSaleFormValues>();
  const { id, error } = useFormField<FlashSaleFormValues>('auto_approve');
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" role="switch" {...register('auto_approve')} aria-describedby={`${id}-hint`} className="mt-1 size-4" />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('Approve enrolments automatically')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {t('Sellers’ offers join the sale at once, without waiting for a decision.')}
        </p>
        <FieldError id={`${id}-error`} error={{ message: error }} />
      </div>
    </div>
  );
}

/** End early (a running sale) and delete (one without orders; the server's refusal is shown). */
function SaleActions({ sale }: { sale: ConsoleFlashSale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const end = useEndFlashSale(sale.id);
  const remove = useDeleteFlashSale(sale.id);
  return (
    <>
      {sale.status === 'running' && (
        <ConfirmDialog
          trigger={
            <button type="button" className={secondaryButtonClass}>
              {t('End early')}
            </button>
          }
          title={t('End the flash sale {{name}} now?', { name: sale.name })}
          description={t('Its products return to their normal prices at once. Orders placed in the sale keep their sale prices.')}
          confirmLabel={t('End now')}
          mutation={end}
          onConfirm={async () => showToast(t((await end.mutateAsync()).message))}
        />
      )}
      <ConfirmDialog
        trigger={
          <button type="button" className={secondaryButtonClass}>
            {t('Delete')}
          </button>
        }
        title={t('Delete the flash sale {{name}}?', { name: sale.name })}
        description={t('The sale and its enrolments are removed. A sale with orders cannot be deleted; end it instead.')}
        confirmLabel={t('Delete')}
        mutation={remove}
        onConfirm={async () => {
          showToast(t((await remove.mutateAsync()).message));
          void navigate('/flash-sales', { replace: true });
        }}
      />
    </>
  );
}
