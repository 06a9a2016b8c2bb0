import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { Permission } from '../../../shared/console.contract.ts';
import { consoleMeQuery } from './console-me.ts';

/**
 * Whether the signed-in person holds `permission` (what `GET /api/console/me` says of them; the
 * access gate has it before any screen shows). A screen offers a write (a form, a button) only to
 * those who hold its permission, so a reader is not left to learn on saving that it is refused;
 * the server still checks every call.
 */
export function useCan(permission: Permission): boolean {
  const me = useQuery(consoleMeQuery);
  return me.data?.permissions.includes(permission) ?? false;
}

/** What only holders of `permission` see (a write button, a form, a record's history). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? children : null;
}

/** Says to a reader why a screen has no write actions: their role may look but not change. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return <p className="rounded-md border border-slate-200 bg-slate-100 px-3 py-2 text-sm text-slate-700">{t('Your role can view this page but not change it.')}</p>;
}
