import { useTranslation } from '../../../client/lib/i18n.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import { roleName } from '../access/role-name.ts';
import { PageFrame } from '../navigation/page-frame.tsx';

export function DashboardPage({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('Dashboard')}>
      <p className="text-slate-700">
        {t('Welcome, {{name}}.', { name: me.user.name })}{' '}
        {me.shop ? t('You work at {{shop}} as {{role}}.', { shop: me.shop.name, role: roleName(me.role) }) : t('You work for the store as {{role}}.', { role: roleName(me.role) })}
      </p>
      <EmptyState message={t('Coming soon in the console')} />
    </PageFrame>
  );
}
