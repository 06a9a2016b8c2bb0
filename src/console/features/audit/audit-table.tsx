import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { t, useTranslation } from '../../../client/lib/i18n.ts';
import type { AuditEntry } from '../../../shared/console.contract.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { formatTime } from '../../ui/date.ts';
import { roleName } from '../access/role-name.ts';
import { actionName, entityNameOf, entityTypeName, fieldPathName } from './audit-labels.ts';
import { fieldChanges } from './field-changes.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AuditEntry>();

/** A logged value as text: nothing shows as a dash, lists and records as JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Each changed value by its path in words ("Variant 3 · Price: 41.99 → 43.99"), not whole lists and records before and after. */
function ChangedFields({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = fieldChanges(changes);
  if (fields.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="flex flex-col gap-1">
      {fields.map(({ path, before, after }) => (
        <div key={path} className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-700">{fieldPathName(path) ?? <code dir="ltr">{path}</code>}</dt>
          {/* Values are data, written left to right whatever the page's direction; the arrow follows the page. */}
          <dd className="text-slate-600">
            <bdi className="line-through decoration-slate-400">{shown(before)}</bdi> <span aria-label={t('changed to')}>{'→'}</span> <bdi>{shown(after)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "Product price changed · Walk Tee": the action in words, and the record's name when the row carries it. */
function ActionDone({ entry }: { entry: AuditEntry }) {
  const name = entityNameOf(entry);
  return (
    <>
      {actionName(entry.action)}
      {name && (
        <>
          {' · '}
          <bdi>{name}</bdi>
        </>
      )}
    </>
  );
}

const columns = column.columns([
  column.accessor('created_at', { header: () => t('Time'), cell: (cell) => <time dateTime={cell.getValue()}>{formatTime(cell.getValue())}</time> }),
  column.accessor((entry) => entry.actor.name ?? `#${entry.actor.id}`, { id: 'actor', header: () => t('Actor'), cell: (cell) => <bdi>{cell.getValue()}</bdi> }),
  column.accessor((entry) => entry.actor.role, { id: 'role', header: () => t('Role'), cell: (cell) => roleName(cell.getValue()) }),
  column.accessor('action', { header: () => t('Action'), cell: (cell) => <ActionDone entry={cell.row.original} /> }),
  column.accessor((entry) => `${entityTypeName(entry.entity_type)} #${entry.entity_id}`, { id: 'entity', header: () => t('Entity'), cell: (cell) => <bdi>{cell.getValue()}</bdi> }),
  column.accessor('changes', { header: () => t('Changes'), cell: (cell) => <ChangedFields changes={cell.getValue()} /> }),
  column.accessor('client_address', { header: () => t('Address'), cell: (cell) => <bdi>{shown(cell.getValue())}</bdi> }),
]);

/** Audit entries as a table: who did what to which record, each changed field before → after. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  useTranslation();
  const table = useTable({ features, columns, data: entries, getRowId: (entry) => String(entry.id) });
  return <DataTable table={table} caption={caption} />;
}
