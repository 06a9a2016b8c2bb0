import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';

/** A console page: its heading, and the same title on the browser's tab. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const tabTitle = t('{{page}} · Console', { page: title });
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" dir="auto" className="text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      {children}
    </section>
  );
}
