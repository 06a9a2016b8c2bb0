import type { AuditLogQuery } from '../../../shared/console.contract.ts';

/** The audit log's filters as the page's address keeps them: days as `YYYY-MM-DD`, both ends included. */
export interface AuditFilters {
  entity_type: string;
  action: string;
  actor_id: string;
  from: string;
  to: string;
}

export const filterNames = ['entity_type', 'action', 'actor_id', 'from', 'to'] as const;

export function filtersFrom(search: URLSearchParams): AuditFilters {
  return Object.fromEntries(filterNames.map((name) => [name, search.get(name) ?? ''])) as unknown as AuditFilters;
}

/** The address's search part for these filters; empty ones are left out. */
export function searchFor(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of filterNames) if (filters[name].trim()) search.set(name, filters[name].trim());
  return search;
}

/** The start of a local day as an ISO time with its offset (the API's `from` is inclusive, `to` exclusive). */
function startOfDay(day: string, addDays = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** `GET /api/console/audit-log`'s query for these filters: the `to` day is included, so the query ends at the next day's start. */
export function auditQueryFor(filters: AuditFilters): Partial<Record<keyof AuditLogQuery, string>> {
  const query: Partial<Record<keyof AuditLogQuery, string>> = {};
  if (filters.entity_type) query.entity_type = filters.entity_type;
  if (filters.action) query.action = filters.action;
  if (filters.actor_id.trim()) query.actor_id = filters.actor_id.trim();
  const from = filters.from && startOfDay(filters.from);
  const to = filters.to && startOfDay(filters.to, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
