import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import type { ConsoleMe } from '../../../shared/console.contract.ts';
import type { TaxonomyKind } from '../../../shared/taxonomy-console.contract.ts';
import { PageFrame } from '../navigation/page-frame.tsx';
import { taxonomyKindViews } from './taxonomy-kinds.ts';
import { TaxonomyList } from './taxonomy-list.tsx';

/** `/console/categories` (with their sub-categories), `/console/brands`, `/console/colors`, `/console/sizes`. */
export function TaxonomyPage({ kind, me }: { kind: TaxonomyKind; me: ConsoleMe }) {
  const { t } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const toggleId = useId();
  // Sellers hold catalogue.write for their products, but the store's lists are the store staff's (decision 032).
  const canWrite = me.scope === 'store' && me.permissions.includes('catalogue.write');

  return (
    <PageFrame title={taxonomyKindViews[kind].title()}>
      <div className="flex items-center gap-2">
        <input id={toggleId} type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} className="size-4 accent-primary-700" />
        <label htmlFor={toggleId} className="text-sm text-slate-800">
          {t('Show archived')}
        </label>
      </div>
      <TaxonomyList key={kind} list={{ kind }} canWrite={canWrite} showArchived={showArchived} />
    </PageFrame>
  );
}
