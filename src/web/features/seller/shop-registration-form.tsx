import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { sellerAccountSchema, shopRegistrationSchema } from '../../../shared/shops.contract.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { TextField } from '../../components/form/form-fields.tsx';
import { schemaFieldErrors } from '../../components/form/schema-errors.ts';
import { useFormRequest } from '../../components/form/use-form-request.ts';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { pictureProblem } from '../../../client/lib/picture-problem.ts';
import { notify } from '../../lib/toast.ts';
import { startSession } from '../auth/session-start.ts';
import { useAuth } from '../session/session-store.ts';

const emptyForm = { shop_name: '', description: '', address: '', shop_phone: '', shop_email: '', name: '', email: '', password: '' };
type ShopFormValues = typeof emptyForm;
type Picture = 'logo' | 'banner';

function PictureField({ field, label, error, onChoose }: { field: Picture; label: string; error: string | undefined; onChoose(file: File | undefined, problem?: string): void }) {
  const { t } = useTranslation();
  const id = `shop-${field}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={field}
        type="file"
        accept="image/*"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          const problem = chosen && pictureProblem(chosen);
          if (problem) event.target.value = '';
          onChoose(problem ? undefined : chosen, problem);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm text-slate-700 file:me-3 file:h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary-50 file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-100"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('JPG, PNG, WebP or GIF, at most 2 MB.')}
        </p>
      )}
    </div>
  );
}

/**
 * Become a Seller: the shop's profile, its pictures and the seller terms; a visitor also makes their
 * account here. The shop waits for the store's approval; the person is taken to `/shop` to see that.
 */
export function ShopRegistrationForm({ onRegistered }: { onRegistered(): void }) {
  const { t } = useTranslation();
  const signedIn = useAuth((state) => state.user !== null);
  const [values, setValues] = useState(emptyForm);
  const [pictures, setPictures] = useState<Partial<Record<Picture, File>>>({});
  const [pictureProblems, setPictureProblems] = useState<Partial<Record<Picture, string>>>({});
  const [accepted, setAccepted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormRequest(formRef);
  const field = (name: keyof ShopFormValues) => form.field(name, values[name], (next) => setValues((current) => ({ ...current, [name]: next })));

  const choosePicture = (name: Picture) => (file: File | undefined, problem?: string) => {
    setPictures((current) => ({ ...current, [name]: file }));
    setPictureProblems((current) => ({ ...current, [name]: problem }));
    form.clearError(name);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = signedIn ? shopRegistrationSchema : shopRegistrationSchema.extend(sellerAccountSchema.shape);
    const found = schemaFieldErrors(schema, { ...values, accept_terms: accepted });
    for (const name of ['logo', 'banner'] as const) if (!pictures[name]) found[name] = [t(`The ${name} field is required.`)];
    if (Object.keys(found).length > 0) {
      form.refuse(found);
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) if (!signedIn || !['name', 'email', 'password'].includes(name)) body.append(name, value);
    body.append('accept_terms', String(accepted));
    body.append('logo', pictures.logo!);
    body.append('banner', pictures.banner!);
    const answer = await form.run(() => api.call('POST /shop-registrations', { body }));
    if (!answer) return;
    notify.success(answer.message);
    if (answer.data.session) await startSession(answer.data.session);
    onRegistered();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      {!signedIn && (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t('Your account')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('Name')} {...field('name')} autoComplete="name" required />
            <TextField label={t('Email')} {...field('email')} type="email" autoComplete="email" dir="ltr" required />
            <TextField label={t('Password')} {...field('password')} type="password" autoComplete="new-password" required />
          </div>
        </fieldset>
      )}
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t('Your shop')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('Shop Name')} {...field('shop_name')} required />
          <TextField label={t('Shop Email')} {...field('shop_email')} type="email" dir="ltr" required />
          <TextField label={t('Shop Phone')} {...field('shop_phone')} type="tel" inputMode="numeric" dir="ltr" required />
          <TextField label={t('Address')} {...field('address')} autoComplete="street-address" required />
          <PictureField field="logo" label={t('Logo')} error={pictureProblems.logo ?? form.errorOf('logo')} onChoose={choosePicture('logo')} />
          <PictureField field="banner" label={t('Banner')} error={pictureProblems.banner ?? form.errorOf('banner')} onChoose={choosePicture('banner')} />
        </div>
        <div>
          <label htmlFor="shop-description" className="mb-1 block text-sm font-medium text-slate-700">
            {t('Description')}
          </label>
          <textarea
            id="shop-description"
            name="description"
            rows={4}
            value={values.description}
            onChange={(event) => field('description').onValue(event.target.value)}
            aria-invalid={form.errorOf('description') ? true : undefined}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
          />
          {form.errorOf('description') && <p className="mt-1 text-sm text-red-700">{form.errorOf('description')}</p>}
        </div>
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="accept_terms"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              form.clearError('accept_terms');
            }}
            aria-invalid={form.errorOf('accept_terms') ? true : undefined}
            aria-describedby={form.errorOf('accept_terms') ? 'accept-terms-error' : undefined}
            className="mt-0.5 size-4 accent-primary-700"
          />
          <span>
            {t('I accept the')}{' '}
            <Link to="/terms-and-conditions" className="font-medium text-primary-800 underline">
              {t('seller terms')}
            </Link>
          </span>
        </label>
        {form.errorOf('accept_terms') && (
          <p id="accept-terms-error" className="mt-1 text-sm text-red-700">
            {form.errorOf('accept_terms')}
          </p>
        )}
      </div>
      <button type="submit" disabled={!form.sendable} aria-busy={form.busy || undefined} className={primaryButtonClass}>
        {t('Submit application')}
      </button>
    </form>
  );
}
