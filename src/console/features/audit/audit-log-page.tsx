import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { auditActions, auditActionsOf, auditEntityTypes, isAuditEntityType } from '../../../shared/audit-actions.ts';
import { auditLogQuerySchema } from '../../../shared/console.contract.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { FormField, FormSelect } from '../../ui/form.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { AuditLogEntries } from './audit-entries.tsx';
import { actionName, entityTypeName } from './audit-labels.ts';
import { auditQueryFor, filtersFrom, searchFor, type AuditFilters } from './audit-filters.ts';

/** `/console/audit-log`: who changed what, filtered by entity, action, actor and days, the filters kept in the address. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const applied = filtersFrom(search);
  const form = useForm<AuditFilters>({ defaultValues: applied });
  const apply = form.handleSubmit((filters) => {
    // The shared schema checks the filters before they reach the address (and the server, which checks them again).
    const checked = auditLogQuerySchema.safeParse(auditQueryFor(filters));
    if (checked.success) return setSearch(searchFor(filters));
    for (const issue of checked.error.issues) form.setError(issue.path[0] as keyof AuditFilters, { message: issue.message });
  });
  const clear = () => {
    form.reset(filtersFrom(new URLSearchParams()));
    setSearch(new URLSearchParams());
  };
  // The actions offered are the chosen entity's; one of another entity is let go when the entity changes.
  const entity = useWatch({ control: form.control, name: 'entity_type' });
  const actions = isAuditEntityType(entity) ? auditActionsOf(entity) : auditActions;
  const letGoOfOtherActions = (chosen: string) => {
    if (isAuditEntityType(chosen) && !form.getValues('action').startsWith(`${chosen}.`)) form.setValue('action', '');
    return chosen;
  };

  return (
    <PageFrame title={t('Audit log')}>
      <FormProvider {...form}>
        <form role="search" aria-label={t('Filter the audit log')} noValidate onSubmit={(event) => void apply(event)} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
          <FormSelect<AuditFilters> name="entity_type" label={t('Entity type')} options={{ setValueAs: letGoOfOtherActions }}>
            <option value="">{t('All')}</option>
            {auditEntityTypes.map((type) => (
              <option key={type} value={type}>
                {entityTypeName(type)}
              </option>
            ))}
          </FormSelect>
          <FormSelect<AuditFilters> name="action" label={t('Action')}>
            <option value="">{t('All')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionName(action)}
              </option>
            ))}
          </FormSelect>
          <FormField<AuditFilters> name="actor_id" label={t('Actor id')} />
          <FormField<AuditFilters> name="from" label={t('From')} type="date" />
          <FormField<AuditFilters> name="to" label={t('To')} type="date" />
          <div className="flex items-end gap-3">
            <button type="submit" className={primaryButtonClass}>
              {t('Apply')}
            </button>
            <button type="button" onClick={clear} className={textButtonClass}>
              {t('Clear filters')}
            </button>
          </div>
        </form>
      </FormProvider>
      <AuditLogEntries query={auditQueryFor(applied)} caption={t('Audit log')} emptyMessage={t('No entries match these filters.')} />
    </PageFrame>
  );
}
