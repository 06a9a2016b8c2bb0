import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { textButtonClass } from '../../../client/ui/button-styles.ts';
import { consoleMeQuery } from '../access/console-me.ts';
import { AuditEntries } from './audit-entries.tsx';

/**
 * A record's "History" tab: what the audit log holds for it, newest first. The products, shops and
 * categories screens embed it; the viewer needs `audit.read` (the server refuses otherwise).
 */
export function EntityHistory({ entityType, entityId }: { entityType: string; entityId: string | number }) {
  const { t } = useTranslation();
  return <AuditEntries query={{ entity_type: entityType, entity_id: String(entityId) }} caption={t('History')} emptyMessage={t('No history yet.')} />;
}

/** A record's history behind a "History" button, for those who may read the audit log; asked for only when opened. */
export function HistorySection({ entityType, entityId }: { entityType: string; entityId: string | number }) {
  const { t } = useTranslation();
  const me = useQuery(consoleMeQuery);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!me.data?.permissions.includes('audit.read')) return null;
  return (
    <section className="flex flex-col gap-3">
      <button type="button" aria-expanded={open} aria-controls={panelId} className={`${textButtonClass} self-start`} onClick={() => setOpen((shown) => !shown)}>
        {t('History')}
      </button>
      <div id={panelId} hidden={!open} className="overflow-x-auto">
        {open && <EntityHistory entityType={entityType} entityId={entityId} />}
      </div>
    </section>
  );
}
