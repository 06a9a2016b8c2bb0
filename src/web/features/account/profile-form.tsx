import { useId, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { User } from '../../../shared/account.contract.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { queryClient } from '../../../client/lib/query-client.ts';
import { pictureProblem } from '../../../client/lib/picture-problem.ts';
import { notify } from '../../lib/toast.ts';
import { PhoneCodeField, PhoneField, SelectField, TextField } from '../../components/form/form-fields.tsx';
import { useCountries } from '../settings/settings-queries.ts';
import { useAuth } from '../session/session-store.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { useSettings } from '../settings/settings-store.ts';
import { accountQueries } from './account-queries.ts';

const formOf = (user: User) => ({
  name: user.name,
  email: user.email ?? '',
  phone_code: user.phone_code ?? '',
  phone: user.phone ?? '',
  gender: user.gender ?? '',
  birthday: user.birthday ?? '',
});
type ProfileValues = ReturnType<typeof formOf>;

/** The multipart form `POST /profile` takes; an empty phone is left out (the server then clears it or asks for it). */
function profileBody(values: ProfileValues, photo: File | undefined) {
  const body = new FormData();
  for (const [field, value] of Object.entries(values)) {
    if (field !== 'phone' || value !== '') body.append(field, field === 'name' || field === 'email' ? value.trim() : value);
  }
  if (photo) body.append('profile_photo', photo);
  return body;
}

/** The chosen photo and its preview, read as a data: URL (nothing to revoke, nothing a page's CSP has to allow beyond images). */
function usePhotoChoice() {
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const latest = useRef<File>(undefined);
  const choose = (chosen: File | undefined) => {
    latest.current = chosen;
    setFile(chosen);
    setPreview(undefined);
    if (!chosen) return;
    const reader = new FileReader();
    reader.onload = () => {
      // A quicker second choice wins over a slow first one.
      if (latest.current === chosen) setPreview(String(reader.result));
    };
    reader.readAsDataURL(chosen);
  };
  return { file, preview, choose };
}

const today = () => new Date().toISOString().slice(0, 10);

/** My Profile: name, e-mail, phone, gender, birthday and photo; the sidebar follows a saved change. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const phoneRules = useSettings(useShallow(({ phoneRequired, phoneMinLength, phoneMaxLength }) => ({ phoneRequired, phoneMinLength, phoneMaxLength })));
  const countries = useCountries();
  const [values, setValues] = useState(() => formOf(user));
  const photo = usePhotoChoice();
  const [photoProblem, setPhotoProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const photoId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef, 'fields');

  const update = (changes: Partial<ProfileValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    for (const field of Object.keys(changes)) form.clearError(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await form.run(() => api.call('POST /profile', { body: profileBody(values, photo.file) }));
    if (!answer) return;
    const saved = answer.data.user;
    notify.success(answer.message);
    useAuth.getState().updateUser({
      name: saved.name,
      email: saved.email,
      phone_code: saved.phone_code,
      phone: saved.phone,
      profile_photo: saved.profile_photo,
      is_verified: saved.is_verified,
    });
    queryClient().setQueryData(accountQueries.profile(saved.id).queryKey, saved);
    setValues(formOf(saved));
    photo.choose(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const photoError = photoProblem ?? form.errorOf('profile_photo');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={values.name || user.name} src={photo.preview ?? user.profile_photo} size={80} />
        <div className="min-w-0">
          <label htmlFor={photoId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('Profile Photo')}
          </label>
          <input
            ref={fileInput}
            id={photoId}
            name="profile_photo"
            type="file"
            accept="image/*"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              const problem = chosen && pictureProblem(chosen);
              if (problem) {
                // Told at once, and the photo shown (and saved) stays the one before.
                event.target.value = '';
                setPhotoProblem(problem);
                return;
              }
              setPhotoProblem(undefined);
              photo.choose(chosen);
              form.clearError('profile_photo');
            }}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? `${photoId}-error` : `${photoId}-hint`}
            className="block w-full text-sm text-slate-700 file:me-3 file:h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary-50 file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-100"
          />
          {photoError ? (
            <p id={`${photoId}-error`} className="mt-1 text-sm text-red-700">
              {photoError}
            </p>
          ) : (
            <p id={`${photoId}-hint`} className="mt-1 text-sm text-slate-600">
              {t('JPG, PNG, WebP or GIF, at most 2 MB.')}
            </p>
          )}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('Name')}
          error={form.errorOf('name')}
          value={values.name}
          onValue={(name) => update({ name })}
          name="name"
          autoComplete="name"
          required
        />
        <TextField
          label={t('Email')}
          error={form.errorOf('email')}
          type="email"
          value={values.email}
          onValue={(email) => update({ email })}
          name="email"
          autoComplete="email"
          dir="ltr"
          required
        />
        <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2">
          <PhoneCodeField
            label={t('Phone Code')}
            error={form.errorOf('phone_code')}
            value={values.phone_code}
            onValue={(phone_code) => update({ phone_code })}
            countries={countries}
          />
          <PhoneField label={t('Phone')} error={form.errorOf('phone')} value={values.phone} onValue={(phone) => update({ phone })} rules={phoneRules} />
        </div>
        <SelectField label={t('Gender')} error={form.errorOf('gender')} value={values.gender} onValue={(gender) => update({ gender })} name="gender">
          <option value="">{t('Select gender')}</option>
          <option value="male">{t('Male')}</option>
          <option value="female">{t('Female')}</option>
          <option value="other">{t('Other')}</option>
        </SelectField>
        <TextField
          label={t('Birthday')}
          error={form.errorOf('birthday')}
          type="date"
          value={values.birthday}
          onValue={(birthday) => update({ birthday })}
          name="birthday"
          autoComplete="bday"
          max={today()}
        />
      </div>
      <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
        {t('Update Profile')}
      </button>
    </form>
  );
}
