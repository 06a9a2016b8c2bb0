import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState, LoadFailed } from '../../../client/ui/empty-state.tsx';
import type { TaxonomyItem } from '../../../shared/taxonomy-console.contract.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useLocalName } from '../language/console-language.ts';
import { TaxonomyDialog } from './taxonomy-dialog.tsx';
import { taxonomyKindViews, type TaxonomyKindView } from './taxonomy-kinds.ts';
import { taxonomyQueries, useArchiveTaxonomy, useReorderTaxonomy, type TaxonomyListRef } from './taxonomy-queries.ts';

interface TaxonomyListProps {
  list: TaxonomyListRef;
  /** Store staff with `catalogue.write`: everyone else reads only (decision 032). */
  canWrite: boolean;
  showArchived: boolean;
}

/**
 * The whole list with `visible` in their new order: the hidden (archived) ones keep their places, since
 * a reorder names every record of the list once.
 */
function withVisibleOrder(all: TaxonomyItem[], visible: TaxonomyItem[]): TaxonomyItem[] {
  const shown = new Set(visible.map((item) => item.id));
  const next = visible[Symbol.iterator]();
  return all.map((item) => (shown.has(item.id) ? next.next().value! : item));
}

/** One kind's records (a category's sub-categories) in the storefront's order: reordered by dragging, the keyboard or the move buttons. */
export function TaxonomyList({ list, canWrite, showArchived }: TaxonomyListProps) {
  const { t } = useTranslation();
  const view = taxonomyKindViews[list.kind];
  const items = useQuery(taxonomyQueries.list(list));
  const localName = useLocalName();
  const reorder = useReorderTaxonomy(list);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  if (items.isPending) return <p className="text-slate-600">{t('Loading…')}</p>;
  if (items.isError) return <LoadFailed onRetry={() => void items.refetch()} />;
  const all = items.data;
  const visible = showArchived ? all : all.filter((item) => !item.archived);
  const nameOf = (id: string | number) => {
    const item = all.find((candidate) => candidate.id === id);
    return item ? localName(item) : '';
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= visible.length || from === to) return;
    reorder.mutate(withVisibleOrder(all, arrayMove(visible, from, to)), {
      onSuccess: (answer) => showToast(answer.message),
      onError: (error) => showToast(error.message, 'error'),
    });
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(visible.findIndex((item) => item.id === active.id), visible.findIndex((item) => item.id === over.id));
  };
  const positionOf = (id: string | number) => visible.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('Picked up {{name}}.', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('{{name}} is at position {{position}} of {{total}}.', { name: nameOf(active.id), position: positionOf(over.id), total: visible.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('{{name}} dropped at position {{position}} of {{total}}.', { name: nameOf(active.id), position: positionOf(over.id), total: visible.length }) : undefined),
    onDragCancel: ({ active }) => t('Moving {{name}} was cancelled.', { name: nameOf(active.id) }),
  };

  return (
    <div className="flex flex-col gap-3">
      {canWrite && (
        <div>
          <TaxonomyDialog
            view={view}
            list={list}
            trigger={
              <button type="button" className={secondaryButtonClass}>
                {view.create()}
              </button>
            }
          />
        </div>
      )}
      {visible.length === 0 ? (
        <EmptyState message={view.empty()} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={dragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('To move it, press space, then the up and down arrow keys, then space again to drop it or escape to cancel.') } }}
        >
          <SortableContext items={visible.map((item) => item.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label={view.title()} className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {visible.map((item, index) => (
                <TaxonomyRow
                  key={item.id}
                  view={view}
                  list={list}
                  item={item}
                  canWrite={canWrite}
                  showArchived={showArchived}
                  first={index === 0}
                  last={index === visible.length - 1}
                  onMove={(step) => move(index, index + step)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

interface TaxonomyRowProps {
  view: TaxonomyKindView;
  list: TaxonomyListRef;
  item: TaxonomyItem;
  canWrite: boolean;
  showArchived: boolean;
  first: boolean;
  last: boolean;
  onMove(step: -1 | 1): void;
}

function TaxonomyRow({ view, list, item, canWrite, showArchived, first, last, onMove }: TaxonomyRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !canWrite });
  const archive = useArchiveTaxonomy(list);
  const [expanded, setExpanded] = useState(false);
  const childrenId = useId();
  const name = useLocalName()(item);

  const setArchived = async (archived: boolean) => showToast((await archive.mutateAsync({ item, archive: archived })).message);

  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={`flex flex-col gap-3 bg-white px-4 py-3 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}>
      <div className="flex flex-wrap items-center gap-3">
        {canWrite && (
          <button type="button" {...attributes} {...listeners} aria-label={t('Drag {{name}} to reorder', { name })} className="cursor-grab touch-none rounded px-1 text-slate-500 focus-visible:outline-2 focus-visible:outline-primary-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <circle cx="7" cy="5" r="1.5" /><circle cx="13" cy="5" r="1.5" /><circle cx="7" cy="10" r="1.5" /><circle cx="13" cy="10" r="1.5" /><circle cx="7" cy="15" r="1.5" /><circle cx="13" cy="15" r="1.5" />
            </svg>
          </button>
        )}
        {view.image && item.image && <img src={item.image} alt="" className="size-10 shrink-0 rounded border border-slate-200 object-cover" />}
        {view.code && item.code && <span aria-hidden="true" className="size-6 shrink-0 rounded-full border border-slate-300" style={{ backgroundColor: item.code }} />}
        <div className="flex min-w-0 flex-col">
          <span dir="auto" className="font-medium text-slate-900">{name}</span>
          {(item.slug ?? item.code) && (
            <bdi dir="ltr" className="text-xs text-slate-500">
              {item.slug ?? item.code}
            </bdi>
          )}
        </div>
        {item.archived && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('Archived')}</span>}
        <div className="ms-auto flex flex-wrap items-center gap-3">
          {list.kind === 'categories' && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={childrenId}
              aria-label={t('Sub-categories of {{name}}', { name })}
              className={textButtonClass}
              onClick={() => setExpanded((open) => !open)}
            >
              {t('Sub-categories')}
            </button>
          )}
          {canWrite && (
            <>
              <button type="button" disabled={first} aria-label={t('Move {{name}} up', { name })} className={`${textButtonClass} disabled:text-slate-400`} onClick={() => onMove(-1)}>
                {t('Up')}
              </button>
              <button type="button" disabled={last} aria-label={t('Move {{name}} down', { name })} className={`${textButtonClass} disabled:text-slate-400`} onClick={() => onMove(1)}>
                {t('Down')}
              </button>
              <TaxonomyDialog
                view={view}
                list={list}
                item={item}
                trigger={
                  <button type="button" aria-label={t('Edit {{name}}', { name })} className={textButtonClass}>
                    {t('Edit')}
                  </button>
                }
              />
              {item.archived ? (
                <button type="button" aria-label={t('Restore {{name}}', { name })} disabled={archive.isPending} className={textButtonClass} onClick={() => void setArchived(false).catch((error: Error) => showToast(error.message, 'error'))}>
                  {t('Restore')}
                </button>
              ) : (
                <ConfirmDialog
                  trigger={
                    <button type="button" aria-label={t('Archive {{name}}', { name })} className={textButtonClass}>
                      {t('Archive')}
                    </button>
                  }
                  title={view.archiveQuestion(name)}
                  description={t('It leaves the storefront; its products keep it. Nothing is deleted, and it can be restored.')}
                  confirmLabel={t('Archive')}
                  mutation={archive}
                  onConfirm={() => setArchived(true)}
                />
              )}
            </>
          )}
        </div>
      </div>
      {list.kind === 'categories' && (
        <div id={childrenId} hidden={!expanded} className="border-s-2 border-slate-100 ps-4">
          {expanded && <TaxonomyList list={{ kind: 'sub-categories', categoryId: item.id }} canWrite={canWrite} showArchived={showArchived} />}
        </div>
      )}
    </li>
  );
}
