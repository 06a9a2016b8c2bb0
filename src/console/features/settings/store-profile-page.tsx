import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass, secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { LoadFailed } from '../../../client/ui/empty-state.tsx';
import { storeProfileSchema, type StoreProfile } from '../../../shared/store-profile.contract.ts';
import { FormField, FormSwitch, showServerErrors, useFormField } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField } from '../../ui/translated-field.tsx';
import { MediaUploader } from '../media/media-uploader.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { storeProfileQuery, useSaveStoreProfile } from './settings-queries.ts';

/** `/console/store-profile`: what the storefront's header and footer show of the store, in every language. */
export function StoreProfilePage() {
  const { t } = useTranslation();
  const profile = useQuery(storeProfileQuery);
  return (
    <PageFrame title={t('Store profile')}>
      {profile.isError ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <p role="status" className="py-10 text-center text-slate-600">
          {t('Loading…')}
        </p>
      ) : (
        <StoreProfileForm saved={profile.data} />
      )}
    </PageFrame>
  );
}

function StoreProfileForm({ saved }: { saved: StoreProfile }) {
  const { t } = useTranslation();
  const save = useSaveStoreProfile();
  const form = useForm<StoreProfile>({ defaultValues: saved, resolver: zodResolver(storeProfileSchema) });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      showToast(answer.message);
      form.reset(answer.data.profile);
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });
  return (
    <FormProvider {...form}>
      <form aria-label={t('Store profile')} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        <Section title={t('Store')}>
          <FormField<StoreProfile> name="app_name" label={t('Store name')} className="max-w-md" />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            <PictureField name="web_logo" label={t('Logo')} />
            <PictureField name="web_footer_logo" label={t('Footer logo')} />
            <PictureField name="footer_qr" label={t('QR code')} />
          </div>
        </Section>
        <Section title={t('Contact')}>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <FormField<StoreProfile> name="mobile" label={t('Phone')} />
            <FormField<StoreProfile> name="email" label={t('Email')} />
          </div>
          <TranslatedFormField<StoreProfile> name="address" label={t('Address')} />
        </Section>
        <Section title={t('Footer')}>
          <FormSwitch<StoreProfile> name="web_show_footer" label={t('Show the footer')} />
          <TranslatedFormField<StoreProfile> name="web_footer_text" label={t('Footer text')} />
          <TranslatedFormField<StoreProfile> name="web_footer_description" label={t('Footer description')} type="textarea" />
        </Section>
        <Section title={t('App')}>
          <FormSwitch<StoreProfile> name="show_download_app" label={t('Show “Download our app”')} />
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <FormField<StoreProfile> name="google_playstore_link" label={t('Google Play link')} />
            <FormField<StoreProfile> name="app_store_link" label={t('App Store link')} />
          </div>
        </Section>
        <SocialLinks />
        <div>
          <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
            {t('Save store profile')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** One picture from the media library (uploaded here), replacing the one there. */
function PictureField({ name, label }: { name: 'web_logo' | 'web_footer_logo' | 'footer_qr' | `social_links.${number}.logo`; label: string }) {
  const { setValue } = useFormContext<StoreProfile>();
  const picture = useWatch<StoreProfile>({ name }) as string;
  const { error } = useFormField<StoreProfile>(name);
  return <MediaUploader label={label} value={picture ? [picture] : []} onChange={(next) => setValue(name, next[0] ?? '', { shouldDirty: true, shouldValidate: true })} max={1} error={error} />;
}

/** The social links in the footer's order: each with its name, address and logo; added, moved and removed here. */
function SocialLinks() {
  const { t } = useTranslation();
  const links = useFieldArray<StoreProfile, 'social_links'>({ name: 'social_links' });
  return (
    <Section title={t('Social links')}>
      {links.fields.length === 0 && <p className="text-sm text-slate-600">{t('No social links yet.')}</p>}
      <ol className="flex flex-col gap-4">
        {links.fields.map((link, index) => (
          <li key={link.id} aria-label={t('Social link {{number}}', { number: index + 1 })} className="grid grid-cols-1 gap-3 border-b border-slate-100 pb-4 md:grid-cols-[1fr_2fr_auto]">
            <FormField<StoreProfile> name={`social_links.${index}.name`} label={t('Name')} />
            <FormField<StoreProfile> name={`social_links.${index}.link`} label={t('Link')} />
            <div className="flex items-end gap-2">
              <button type="button" className={textButtonClass} disabled={index === 0} onClick={() => links.move(index, index - 1)}>
                {t('Move up')}
              </button>
              <button type="button" className={textButtonClass} onClick={() => links.remove(index)}>
                {t('Remove')}
              </button>
            </div>
            <div className="md:col-span-3">
              <PictureField name={`social_links.${index}.logo`} label={t('Logo of {{name}}', { name: link.name || t('Social link {{number}}', { number: index + 1 }) })} />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <button type="button" className={secondaryButtonClass} disabled={links.fields.length >= 12} onClick={() => links.append({ name: '', link: '', logo: '' })}>
          {t('Add a social link')}
        </button>
      </div>
    </Section>
  );
}
