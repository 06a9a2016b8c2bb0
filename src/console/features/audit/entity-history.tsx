import { useTranslation } from '../../../client/lib/i18n.ts';
import { AuditEntries } from './audit-entries.tsx';

/**
 * A record's "History" tab: what the audit log holds for it, newest first. The products, shops and
 * categories screens embed it; the viewer needs `audit.read` (the server refuses otherwise).
 */
export function EntityHistory({ entityType, entityId }: { entityType: string; entityId: string | number }) {
  const { t } = useTranslation();
  return <AuditEntries query={{ entity_type: entityType, entity_id: String(entityId) }} caption={t('History')} emptyMessage={t('No history yet.')} />;
}
