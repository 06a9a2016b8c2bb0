import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { primaryButtonClass } from '../../../client/ui/button-styles.ts';
import { EmptyState } from '../../../client/ui/empty-state.tsx';
import { translatedLocales } from '../../../shared/catalog-console.contract.ts';
import { faqCreateSchema, faqStatuses, type ConsoleFaq, type FaqCreate, type FaqCreateInput, type FaqStatus } from '../../../shared/content-console.contract.ts';
import { ClearFilters } from '../../ui/clear-filters.tsx';
import { userTextCell } from '../../ui/data-table.tsx';
import { ConsoleDialog, DialogButtons } from '../../ui/dialog.tsx';
import { FormSwitch, showServerErrors } from '../../ui/form.tsx';
import { ListSearch } from '../../ui/list-search.tsx';
import { MissingTranslations } from '../../ui/missing-translations.tsx';
import { MoveButtons, moved } from '../../ui/move-buttons.tsx';
import { TabbedPanel } from '../../ui/tabbed-table.tsx';
import { showToast } from '../../ui/toast.tsx';
import { TranslatedFormField } from '../../ui/translated-field.tsx';
import { useUrlList } from '../../ui/url-list.tsx';
import { PageFrame } from '../navigation/page-frame.tsx';
import { faqFiltersFrom, faqQueries, useReorderFaqs, useSaveFaq } from './content-queries.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConsoleFaq>();
const noRows: ConsoleFaq[] = [];
const linkButtonClass = 'font-medium text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

/**
 * `/console/content/faq`: every question in the FAQ page's order, by status and words of the question
 * or answer in any language, each edited in a dialog. The order is changed on the whole list only:
 * a filtered one hides the moves and says how to get them back.
 */
export function FaqPage() {
  const { t } = useTranslation();
  const { filters, filtered, setFilters } = useUrlList(faqFiltersFrom);
  const list = useQuery(faqQueries.list(filters));
  const faqs = list.data?.faqs ?? noRows;
  const [editing, setEditing] = useState<{ faq?: ConsoleFaq } | null>(null);
  const reorder = useReorderFaqs();
  const statusLabels: Record<FaqStatus, string> = useMemo(() => ({ shown: t('Shown'), hidden: t('Hidden') }), [t]);
  const tabs: Array<{ value: FaqStatus | 'all'; label: string }> = [{ value: 'all', label: t('All') }, ...faqStatuses.map((status) => ({ value: status, label: statusLabels[status] }))];

  const columns = useMemo(() => {
    const move = async (index: number, by: -1 | 1) => showToast(t((await reorder.mutateAsync(moved(faqs.map((faq) => faq.id), index, by))).message));
    return column.columns([
      column.accessor('question', {
        header: () => t('Question'),
        cell: (info) => (
          <button type="button" className={linkButtonClass} onClick={() => setEditing({ faq: info.row.original })}>
            <bdi>{info.getValue()}</bdi>
          </button>
        ),
      }),
      column.accessor('category', { header: () => t('Category'), cell: userTextCell }),
      column.accessor('is_active', { header: () => t('Status'), cell: (info) => statusLabels[info.getValue() ? 'shown' : 'hidden'] }),
      column.accessor('missing_translations', { header: () => t('Translations'), cell: (info) => <MissingTranslations missing={info.getValue()} /> }),
      ...(filtered
        ? []
        : [
            column.display({
              id: 'order',
              header: () => t('Order'),
              cell: (info) => <MoveButtons name={info.row.original.question} index={info.row.index} count={faqs.length} disabled={reorder.isPending} onMove={(by) => void move(info.row.index, by)} />,
            }),
          ]),
    ]);
  }, [t, faqs, reorder, filtered, statusLabels]);
  const table = useTable({ features, columns, data: faqs, getRowId: (faq) => String(faq.id) });

  return (
    <PageFrame title={t('FAQ')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListSearch search={filters.search} onSearch={(search) => setFilters({ search })} label={t('Search questions and answers')} />
        <button type="button" className={primaryButtonClass} onClick={() => setEditing({})}>
          {t('New question')}
        </button>
      </div>
      {filtered && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {t('The order can be changed on the whole list only.')} <ClearFilters />
        </p>
      )}
      <TabbedPanel
        tabsLabel={t('Question status')}
        tabs={tabs}
        selected={filters.status ?? 'all'}
        onSelect={(tab) => setFilters({ status: tab === 'all' ? undefined : tab })}
        list={list}
        table={table}
        caption={t('FAQ')}
        loading={list.isPending}
        loadingMessage={t('Loading questions…')}
        empty={<EmptyState message={filtered ? t('No questions match these filters.') : t('No questions yet.')} />}
      />
      {editing && <FaqDialog faq={editing.faq} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}

const valuesOf = (faq: ConsoleFaq | undefined): FaqCreateInput =>
  faq
    ? {
        question: faq.question,
        answer: faq.answer,
        category: faq.category,
        is_active: faq.is_active,
        translations: Object.fromEntries(
          translatedLocales.map((locale) => [locale, { question: faq.translations[locale]?.question ?? '', answer: faq.translations[locale]?.answer ?? '', category: faq.translations[locale]?.category ?? '' }]),
        ),
      }
    : { question: '', answer: '', category: '', is_active: true, translations: {} };

function FaqDialog({ faq, onClose }: { faq?: ConsoleFaq; onClose(): void }) {
  const { t } = useTranslation();
  const form = useForm<FaqCreateInput, unknown, FaqCreate>({ resolver: zodResolver(faqCreateSchema), defaultValues: valuesOf(faq) });
  const save = useSaveFaq(faq?.id);
  const submit = form.handleSubmit(async (values) => {
    try {
      showToast(t((await save.mutateAsync(values)).message));
      onClose();
    } catch (error) {
      showServerErrors(error, form.setError);
    }
  });
  return (
    <ConsoleDialog open wide onOpenChange={(open) => !open && onClose()} title={faq ? t('Edit the question') : t('New question')}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <TranslatedFormField<FaqCreateInput> name="question" label={t('Question')} />
          <TranslatedFormField<FaqCreateInput> name="answer" label={t('Answer')} type="textarea" />
          <TranslatedFormField<FaqCreateInput> name="category" label={t('Category')} />
          <FormSwitch<FaqCreateInput> name="is_active" label={t('Shown on the FAQ page')} />
          <DialogButtons busy={save.isPending} confirm={faq ? t('Save') : t('Create')} />
        </form>
      </FormProvider>
    </ConsoleDialog>
  );
}
