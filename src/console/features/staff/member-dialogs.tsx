import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '../../../client/lib/api-client.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { staffChangeSchema, type ConsoleMe, type StaffChange, type StaffMember } from '../../../shared/console.contract.ts';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { showServerErrors } from '../../ui/form.tsx';
import { showToast } from '../../ui/toast.tsx';
import { GrantFields, type GrantValues } from './grant-fields.tsx';
import { auditLogKey } from '../audit/audit-queries.ts';
import { staffQuery } from './staff-queries.ts';

interface MemberDialogProps {
  member: StaffMember;
  onClose(): void;
}

/** Changes a member's role (the store's) or permissions (a shop's staff). */
export function ChangeMemberDialog({ member, scope, onClose }: MemberDialogProps & { scope: ConsoleMe['scope'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof staffChangeSchema>, unknown, StaffChange>({
    resolver: zodResolver(staffChangeSchema),
    defaultValues: scope === 'store' ? { role: member.role === 'shop_owner' ? undefined : member.role } : { permissions: member.permissions },
  });
  const change = useMutation({
    mutationFn: async (body: StaffChange) => (await api.call('PATCH /console/staff/:id', { params: { id: String(member.id) }, body })).data.member,
    onSuccess: async (changed) => {
      showToast(t('{{name}} is updated.', { name: changed.name }));
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]);
    },
    onError: (error) => showServerErrors(error, form.setError, ['role', 'permissions']),
  });
  const { errors } = form.formState;

  return (
    <ConsoleDialog open onOpenChange={(open) => !open && onClose()} title={t('Change {{name}}', { name: member.name })}>
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => change.mutate(values))(event)} className="flex flex-col gap-4">
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

/** Asks before removing a member: their sessions end and they leave the console. */
export function RemoveMemberDialog({ member, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.call('DELETE /console/staff/:id', { params: { id: String(member.id) } }),
    onSuccess: async () => {
      showToast(t('{{name}} is removed.', { name: member.name }));
      onClose();
      await Promise.all([queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]);
    },
    onError: (error) => showToast(error.message, 'error'),
  });

  return (
    <ConsoleDialog open onOpenChange={(open) => !open && onClose()} title={t('Remove {{name}}', { name: member.name })} description={t('They leave the console and are signed out everywhere. Their account stays a shopper’s.')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate();
        }}
      >
        <DialogButtons busy={remove.isPending} confirm={t('Remove')} />
      </form>
    </ConsoleDialog>
  );
}
