import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { auditLogQuerySchema } from '../../../shared/console.contract.ts';
import { primaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { Field, inputClass, invalidProps } from '../../ui/form.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { AuditEntries } from './audit-entries.tsx';
import { auditEntityTypes, auditQueryFor, filtersFrom, searchFor, type AuditFilters } from './audit-filters.ts';

/** `/console/audit-log`: who changed what, filtered by entity, action, actor and days, the filters kept in the address. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const applied = filtersFrom(search);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [errors, setErrors] = useState<Partial<Record<keyof AuditFilters, string>>>({});
  const edit = (name: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema checks the filters before they reach the address (and the server, which checks them again).
    const checked = auditLogQuerySchema.safeParse(auditQueryFor(draft));
    const found: Partial<Record<keyof AuditFilters, string>> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as keyof AuditFilters] ??= issue.message;
    setErrors(found);
    if (checked.success) setSearch(searchFor(draft));
  };
  const clear = () => {
    const empty = filtersFrom(new URLSearchParams());
    setDraft(empty);
    setErrors({});
    setSearch(new URLSearchParams());
  };
  const typeLabels: Record<(typeof auditEntityTypes)[number], string> = { product: t('Product'), shop: t('Shop'), staff_member: t('Staff member'), staff_invitation: t('Staff invitation') };

  return (
    <PageFrame title={t('Audit log')}>
      <form role="search" aria-label={t('Filter the audit log')} onSubmit={apply} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6">
        <Field id="audit-entity-type" label={t('Entity type')}>
          <select id="audit-entity-type" value={draft.entity_type} onChange={edit('entity_type')} className={inputClass}>
            <option value="">{t('All')}</option>
            {auditEntityTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-action" label={t('Action')}>
          <input id="audit-action" dir="ltr" value={draft.action} onChange={edit('action')} placeholder="shop.approve" className={inputClass} />
        </Field>
        <Field id="audit-actor" label={t('Actor id')} error={errors.actor_id}>
          <input inputMode="numeric" value={draft.actor_id} onChange={edit('actor_id')} {...invalidProps('audit-actor', errors.actor_id)} className={inputClass} />
        </Field>
        <Field id="audit-from" label={t('From')}>
          <input id="audit-from" type="date" value={draft.from} onChange={edit('from')} className={inputClass} />
        </Field>
        <Field id="audit-to" label={t('To')}>
          <input id="audit-to" type="date" value={draft.to} onChange={edit('to')} className={inputClass} />
        </Field>
        <div className="flex items-end gap-3">
          <button type="submit" className={primaryButtonClass}>
            {t('Apply')}
          </button>
          <button type="button" onClick={clear} className={textButtonClass}>
            {t('Clear filters')}
          </button>
        </div>
      </form>
      <AuditEntries query={auditQueryFor(applied)} caption={t('Audit log')} emptyMessage={t('No entries match these filters.')} />
    </PageFrame>
  );
}
