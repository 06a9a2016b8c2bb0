import { useId } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';

const NOTE_MAX = 500;

/** What the shopper tells the shop with the order. */
export function OrderNote({ value, onChange }: { value: string; onChange(note: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <label htmlFor={id} className="mb-2 block text-lg font-semibold text-slate-900">
        {t('Note')}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={NOTE_MAX}
        rows={3}
        placeholder={t('Anything the shop should know about your order?')}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:-outline-offset-1 focus:outline-primary-700"
      />
    </div>
  );
}
