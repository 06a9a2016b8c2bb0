import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { staffInviteSchema, type ConsoleMe, type StaffInvite } from '../../../shared/console.contract.ts';
import { Field, inputClass, invalidProps, showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { GrantFields, type GrantValues } from './grant-fields.tsx';
import { useInviteStaff } from './staff-queries.ts';

type InviteInput = z.input<typeof staffInviteSchema>;

/** Invites a person by e-mail: a store role from the store's owner, some seller permissions from a shop's owner. */
export function InviteForm({ scope }: { scope: ConsoleMe['scope'] }) {
  const { t } = useTranslation();
  const form = useForm<InviteInput, unknown, StaffInvite>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: scope === 'store' ? { email: '', name: '', role: 'catalogue_manager' } : { email: '', name: '', role: 'shop_staff', permissions: [] },
  });
  const { errors } = form.formState;
  const invite = useInviteStaff();
  const submit = form.handleSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync(values);
      showToast(t('The invitation is sent to {{email}}.', { email: invitation.email }));
      form.reset();
    } catch (error) {
      showServerErrors(error, form.setError, ['email', 'name', 'role', 'permissions']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="invite-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t('Invite a member')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invite-email" label={t('Email')} error={errors.email?.message}>
          <input type="email" autoComplete="off" {...form.register('email')} {...invalidProps('invite-email', errors.email?.message)} className={inputClass} />
        </Field>
        <Field id="invite-name" label={t('Name')} error={errors.name?.message}>
          <input {...form.register('name')} {...invalidProps('invite-name', errors.name?.message)} className={inputClass} />
        </Field>
      </div>
      <GrantFields
        scope={scope}
        idPrefix="invite"
        register={form.register as unknown as UseFormRegister<GrantValues>}
        errors={{ role: errors.role?.message, permissions: errors.permissions?.message }}
      />
      <div>
        <button type="submit" disabled={invite.isPending} className={primaryButtonClass}>
          {t('Send the invitation')}
        </button>
      </div>
    </form>
  );
}
