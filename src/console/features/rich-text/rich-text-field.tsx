import { lazy, Suspense } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { FieldError, useFormField } from '../../ui/form.tsx';

// Tiptap and ProseMirror come only with a form that shows rich text, not with the console's first page.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** A labelled rich-text (HTML) field of the form around it, with its error under it. */
export function RichTextField<Values extends FieldValues>({ name, label, dir, className }: { name: Path<Values>; label: string; dir?: 'rtl'; className?: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<Values>();
  const { field } = useController<Values>({ name, control });
  const { id, error } = useFormField<Values>(name);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <Suspense fallback={<p role="status" className="min-h-32 text-sm text-slate-600">{t('Loading the editor…')}</p>}>
        <RichTextEditor
          labelledBy={`${id}-label`}
          describedBy={error ? `${id}-error` : undefined}
          invalid={Boolean(error)}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          dir={dir}
          readOnly={field.disabled}
        />
      </Suspense>
      <FieldError id={`${id}-error`} error={{ message: error }} />
    </div>
  );
}
