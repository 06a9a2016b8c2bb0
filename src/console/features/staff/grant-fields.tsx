import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { sellerStaffPermissions, storeRoles, type ConsoleMe } from '../../../shared/console.contract.ts';
import { Field, inputClass, invalidProps } from '../../ui/form.tsx';
import { roleName } from '../access/role-name.ts';
import { sellerPermissionName } from './permission-name.ts';

/** What a grant form holds: a store role, or a shop staff member's permissions. */
export interface GrantValues {
  role?: string;
  permissions?: string[];
}

interface GrantFieldsProps {
  scope: ConsoleMe['scope'];
  /** The form's own `register`, narrowed to the grant's fields. */
  register: UseFormRegister<GrantValues>;
  errors: { role?: string; permissions?: string };
  idPrefix: string;
}

/** The store's owner picks a role; a shop's owner ticks what their staff member may do. */
export function GrantFields({ scope, register, errors, idPrefix }: GrantFieldsProps) {
  const { t } = useTranslation();
  if (scope === 'store') {
    const id = `${idPrefix}-role`;
    return (
      <Field id={id} label={t('Role')} error={errors.role}>
        <select {...register('role')} {...invalidProps(id, errors.role)} className={inputClass}>
          {storeRoles.map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
      </Field>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errors.permissions ? `${idPrefix}-permissions-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('Permissions')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {sellerStaffPermissions.map((permission) => (
          <label key={permission} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" value={permission} {...register('permissions')} className="size-4" />
            {sellerPermissionName(permission)}
          </label>
        ))}
      </div>
      {errors.permissions && (
        <p id={`${idPrefix}-permissions-error`} className="text-sm text-red-700">
          {t(errors.permissions)}
        </p>
      )}
    </fieldset>
  );
}
