import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { staffChangeSchema, type ConsoleMe, type StaffChange, type StaffMember } from '../../../shared/console.contract.ts';
import { ConfirmDialog, ConsoleDialog, DialogButtons, useFormDialog } from '../../ui/dialog.tsx';
import { showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { GrantFields, type GrantValues } from './grant-fields.tsx';
import { useChangeMember, useRemoveMember } from './staff-queries.ts';

/** Changes a member's role (the store's) or permissions (a shop's staff). */
export function ChangeMemberDialog({ member, scope }: { member: StaffMember; scope: ConsoleMe['scope'] }) {
  const { t } = useTranslation();
  const defaults = () => (scope === 'store' ? { role: member.role === 'shop_owner' ? undefined : member.role } : { permissions: member.permissions });
  const form = useForm<z.input<typeof staffChangeSchema>, unknown, StaffChange>({ resolver: zodResolver(staffChangeSchema), defaultValues: defaults() });
  const dialog = useFormDialog(() => form.reset(defaults()));
  const change = useChangeMember(member.id);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const changed = await change.mutateAsync(values);
      showToast(t('{{name}} is updated.', { name: changed.name }));
      dialog.close();
    } catch (error) {
      showServerErrors(error, form.setError, ['role', 'permissions']);
    }
  });

  return (
    <ConsoleDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <button type="button" className={textButtonClass} aria-label={t('Change {{name}}', { name: member.name })}>
          {t('Change')}
        </button>
      }
      title={t('Change {{name}}', { name: member.name })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <GrantFields
          scope={scope}
          idPrefix="change"
          register={form.register as unknown as UseFormRegister<GrantValues>}
          errors={{ role: errors.role?.message, permissions: errors.permissions?.message }}
        />
        <DialogButtons busy={change.isPending} confirm={t('Save')} />
      </form>
    </ConsoleDialog>
  );
}

/** Asks before removing a member: the console closes to them at once; their account stays a shopper's. */
export function RemoveMemberDialog({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={textButtonClass} aria-label={t('Remove {{name}}', { name: member.name })}>
          {t('Remove')}
        </button>
      }
      title={t('Remove {{name}}', { name: member.name })}
      description={removalDescription(t)}
      confirmLabel={t('Remove')}
      mutation={remove}
      onConfirm={async () => {
        await remove.mutateAsync(member.id);
        showToast(t('{{name}} is removed.', { name: member.name }));
      }}
    />
  );
}

/** What removing a member does, as the dialogs asking for it say (decision 049). */
export const removalDescription = (t: (key: string) => string) => t('The console closes to them at once. Their account stays a shopper’s, still signed in.');
