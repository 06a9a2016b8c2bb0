import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass } from '../../../client/ui/button-styles.ts';
import { statementQuerySchema } from '../../../shared/earnings.contract.ts';
import { endpointUrl } from '../../../shared/endpoint-url.ts';
import { instantToZonedLocal } from '../../../shared/store-time.ts';
import { Section } from '../../ui/detail-section.tsx';
import { Field, inputClass, invalidProps } from '../../ui/form.tsx';

/** Today on the store's clock, `YYYY-MM-DD`. */
const storeToday = (timeZone: string) => instantToZonedLocal(new Date().toISOString(), timeZone).slice(0, 10);

/**
 * "Download statement": the shop's ledger over a period (this month on the store's clock until
 * changed) as CSV; the session's cookie goes with the plain link. The period is checked by the
 * contract's schema before a link is offered.
 */
export function StatementDownload({ shopId, timeZone }: { shopId?: number; timeZone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const today = storeToday(timeZone);
  const [period, setPeriod] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const checked = statementQuerySchema.safeParse({ shop_id: shopId, ...period });
  const errors = checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  return (
    <Section title={t('Statement')}>
      <div className="flex flex-wrap items-end gap-3">
        {(['from', 'to'] as const).map((field) => (
          <Field key={field} id={`${id}-${field}`} label={field === 'from' ? t('From') : t('To')} error={errors[field]}>
            <input type="date" value={period[field]} onChange={(event) => setPeriod({ ...period, [field]: event.target.value })} className={inputClass} {...invalidProps(`${id}-${field}`, errors[field])} />
          </Field>
        ))}
        {checked.success && (
          <a href={endpointUrl('GET /console/earnings/statement.csv', {}, { shop_id: shopId, ...period }).url} download className={secondaryButtonClass}>
            {t('Download statement')}
          </a>
        )}
      </div>
    </Section>
  );
}
