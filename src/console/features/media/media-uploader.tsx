import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatNumber, useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { MEDIA_MAX_BYTES } from '../../../shared/media.contract.ts';
import { FieldError } from '../../ui/form.tsx';
import { uploadMedia } from './upload-media.ts';

/** The types `POST /api/console/media` takes (decision 031); the server judges the bytes, this only filters the picker. */
const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** The server's own refusal, so a file too big reads the same whether the browser or the server stops it. */
const TOO_BIG = `The file must not be greater than ${MEDIA_MAX_BYTES / 1024} kilobytes.`;

interface Upload {
  key: number;
  name: string;
  /** 0 to 1 while it goes; absent once it failed. */
  progress?: number;
  error?: string;
}

interface MediaUploaderProps {
  /** Names the group of pictures ("Pictures", "Picture of variant 2"). */
  label: string;
  /** The pictures' addresses, the first shown first (a product's thumbnail). */
  value: string[];
  onChange(value: string[]): void;
  /** How many pictures it holds; with 1, a new picture replaces the one there. */
  max: number;
  /** A line under the label about these pictures. */
  hint?: string;
  /** The form's message for these pictures (the server's, under `images.N`). */
  error?: string;
  /** Shown, not changed (a person who may read but not write them): no adding, moving or removing. */
  readOnly?: boolean;
}

/**
 * Pictures picked or dropped, each uploaded to the media library with its progress, shown as
 * thumbnails that can be removed and put in order by dragging or with the keyboard.
 */
export function MediaUploader({ label, hint, value, onChange, max, error, readOnly = false }: MediaUploaderProps) {
  const { t } = useTranslation();
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const nextKey = useRef(0);
  const picker = useRef<HTMLInputElement>(null);
  // Uploads finish one after another before React renders again: each adds to the latest list.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const update = (key: number, upload: Partial<Upload>) => setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...upload } : item)));

  const add = (files: File[]) => {
    let room = max === 1 ? 1 : max - latest.current.length - uploads.filter((upload) => upload.error === undefined).length;
    for (const file of files) {
      const key = nextKey.current++;
      const refusal = file.size > MEDIA_MAX_BYTES ? TOO_BIG : room <= 0 ? t('At most {{count}} pictures.', { count: formatNumber(max) }) : undefined;
      if (refusal) {
        setUploads((current) => [...current, { key, name: file.name, error: refusal }]);
        continue;
      }
      room -= 1;
      setUploads((current) => [...current, { key, name: file.name, progress: 0 }]);
      uploadMedia(file, (sent) => update(key, { progress: sent }))
        .then((media) => {
          setUploads((current) => current.filter((item) => item.key !== key));
          change(max === 1 ? [media.url] : [...latest.current, media.url]);
        })
        .catch((failure: unknown) => update(key, { progress: undefined, error: failure instanceof Error ? failure.message : t('Something went wrong. Please try again.') }));
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    add([...event.dataTransfer.files]);
  };

  const reorder = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    change(arrayMove(value, value.indexOf(String(active.id)), value.indexOf(String(over.id))));
  };

  const remove = (picture: string) => {
    change(value.filter((other) => other !== picture));
    // Its buttons go with it: the focus goes to adding pictures rather than to the page's start.
    picker.current?.focus();
  };

  const number = (picture: UniqueIdentifier) => formatNumber(value.indexOf(String(picture)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('Picked up picture {{number}}.', { number: number(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('Picture {{number}} is over position {{position}}.', { number: number(active.id), position: number(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('Picture {{number}} dropped at position {{position}}.', { number: number(active.id), position: number(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('Picture {{number}} was not moved.', { number: number(active.id) }),
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined} className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </span>
      )}
      {readOnly ? (
        <ol className="flex flex-wrap gap-3">
          {value.map((picture, index) => (
            <li key={picture} className="w-28">
              <img src={picture} alt={t('Picture {{number}}', { number: formatNumber(index + 1) })} className="aspect-square w-full rounded-md border border-slate-200 object-cover" />
            </li>
          ))}
        </ol>
      ) : (
        value.length > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={reorder}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('To move a picture, press space or enter, then the arrow keys; space or enter again puts it there, escape leaves it where it was.') } }}
          >
            <SortableContext items={value} strategy={rectSortingStrategy}>
              <ol className="flex flex-wrap gap-3">
                {value.map((picture, index) => (
                  <SortablePicture key={picture} url={picture} number={index + 1} onRemove={() => remove(picture)} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )
      )}
      {!readOnly && (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={drop}
          className={`flex flex-wrap items-center gap-3 rounded-lg border-2 border-dashed p-4 text-sm text-slate-600 ${dragOver ? 'border-primary-700 bg-primary-50' : 'border-slate-300'}`}
        >
          <label className={`${secondaryButtonClass} cursor-pointer focus-within:outline-2 focus-within:outline-primary-700`}>
            {max === 1 ? t('Choose a picture') : t('Add pictures')}
            <input
              ref={picker}
              type="file"
              accept={ACCEPTED_TYPES}
              multiple={max > 1}
              className="sr-only"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </label>
          <span>{t('or drop them here. JPEG, PNG, WebP, AVIF or GIF, at most 10 MB each.')}</span>
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <li key={upload.key} className="flex flex-wrap items-center gap-3 text-sm">
              <span dir="auto" className="font-medium text-slate-800">{upload.name}</span>
              {upload.error === undefined ? (
                <progress max={1} value={upload.progress} aria-label={t('Uploading {{name}}', { name: upload.name })} className="h-2 w-40" />
              ) : (
                <>
                  <span role="alert" className="text-red-700">
                    {t(upload.error)}
                  </span>
                  <button type="button" onClick={() => setUploads((current) => current.filter((item) => item.key !== upload.key))} className={textButtonClass}>
                    {t('Dismiss')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <FieldError error={{ message: error }} />
    </div>
  );
}

function SortablePicture({ url, number, onRemove }: { url: string; number: number; onRemove(): void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: url });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`relative flex w-28 flex-col gap-1 ${isDragging ? 'z-10 opacity-80' : ''}`}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('Move picture {{number}}', { number: formatNumber(number) })}
        className="cursor-grab touch-none rounded-md border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-700"
      >
        <img src={url} alt={t('Picture {{number}}', { number: formatNumber(number) })} className="aspect-square w-full rounded-md object-cover" draggable={false} />
      </button>
      <button type="button" onClick={onRemove} aria-label={t('Remove picture {{number}}', { number: formatNumber(number) })} className={textButtonClass}>
        {t('Remove')}
      </button>
    </li>
  );
}
