import { useEffect, useId, useRef, useState } from 'react';
import { TICKET_ATTACHMENTS_FIELD, TICKET_LIMITS } from '../../shared/support-tickets.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pictureProblem } from '../lib/picture-problem.ts';

interface Attachment {
  file: File;
  /** An object URL of the file, revoked when the picture is removed or the form goes away. */
  preview: string;
}

/** The pictures chosen for one message, checked here as the server checks them (count, kind, size). */
export function useAttachments() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Attachment[]>([]);
  const [problem, setProblem] = useState<string>();
  // Every preview URL still alive, so leaving the page frees them all.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const alive = previews.current;
    return () => alive.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const preview = (file: File) => {
    const url = URL.createObjectURL(file);
    previews.current.add(url);
    return url;
  };
  const revoke = (url: string) => {
    URL.revokeObjectURL(url);
    previews.current.delete(url);
  };

  const add = (files: File[]) => {
    let found: string | undefined;
    const accepted: Attachment[] = [];
    for (const file of files) {
      const problem = pictureProblem(file);
      if (problem) found = problem;
      else if (items.length + accepted.length >= TICKET_LIMITS.attachments) found = t({ one: 'You can attach at most {{count}} image.', other: 'You can attach at most {{count}} images.' }, { count: TICKET_LIMITS.attachments });
      else accepted.push({ file, preview: preview(file) });
    }
    setProblem(found);
    if (accepted.length > 0) setItems([...items, ...accepted]);
  };

  const remove = (index: number) => {
    revoke(items[index]!.preview);
    setItems(items.filter((_, position) => position !== index));
    setProblem(undefined);
  };

  const clear = () => {
    items.forEach((item) => revoke(item.preview));
    setItems([]);
    setProblem(undefined);
  };

  const appendTo = (form: FormData) => items.forEach((item) => form.append(TICKET_ATTACHMENTS_FIELD, item.file));

  return { items, problem, add, remove, clear, appendTo };
}

type Attachments = ReturnType<typeof useAttachments>;

/** "Add images" (the storefront's ticket forms and the console's replies) with a preview of each chosen picture and a button to drop it. */
export function AttachmentPicker({ attachments, serverError }: { attachments: Attachments; serverError?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const error = attachments.problem ?? serverError;
  const full = attachments.items.length >= TICKET_LIMITS.attachments;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('Images (optional)')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        onChange={(event) => {
          attachments.add([...(event.target.files ?? [])]);
          // The same picture may be chosen again after it was removed.
          event.target.value = '';
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
        className="block w-full text-sm text-slate-700 file:me-3 file:h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary-50 file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-100 disabled:opacity-60"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('Up to 3 pictures (JPG, PNG, WebP or GIF), at most 2 MB each.')}
        </p>
      )}
      {attachments.items.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={t('Chosen images')}>
          {attachments.items.map((item, index) => (
            <li key={item.preview} className="relative">
              <img src={item.preview} alt={item.file.name} className="size-20 rounded-md border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() => attachments.remove(index)}
                aria-label={t('Remove {{name}}', { name: item.file.name })}
                className="absolute -end-2 -top-2 rounded-full bg-slate-800 p-1 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
              >
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" className="size-3">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
