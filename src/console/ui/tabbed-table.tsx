import type { RowData, TableFeatures } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../client/ui/empty-state.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { StatusTabs } from './status-tabs.tsx';
import { Pager, type UrlPage } from './url-list.tsx';

const PANEL_ID = 'status-panel';

interface TabbedPanelProps<Tab extends string, Features extends TableFeatures, Data extends RowData> extends DataTableProps<Features, Data> {
  tabsLabel: string;
  tabs: ReadonlyArray<{ value: Tab; label: string }>;
  selected: Tab;
  onSelect(tab: Tab): void;
  /** The list's query: its failure. */
  list: { isError: boolean; refetch(): Promise<unknown> };
  /** What follows the table inside the panel (a paged list's pager). */
  children?: ReactNode;
}

/** A console list shown whole by status (the FAQ): the tabs and the table they control, or its failure with a retry. */
export function TabbedPanel<Tab extends string, Features extends TableFeatures, Data extends RowData>({ tabsLabel, tabs, selected, onSelect, list, children, ...table }: TabbedPanelProps<Tab, Features, Data>) {
  return (
    <>
      <StatusTabs label={tabsLabel} tabs={tabs} selected={selected} onSelect={onSelect} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${selected}`} className="flex flex-col gap-4">
        {list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : <DataTable {...table} />}
        {children}
      </div>
    </>
  );
}

interface TabbedTableProps<Tab extends string, Features extends TableFeatures, Data extends RowData> extends Omit<TabbedPanelProps<Tab, Features, Data>, 'children'> {
  /** The list's page query: its failure, and the cursor of the page after it. */
  list: { isError: boolean; refetch(): Promise<unknown>; data?: { next_cursor: string | null }; isPlaceholderData: boolean };
  page: UrlPage;
}

/** A paged console list by status: the tabs, the table they control (or its failure, with a retry) and its pager. */
export function TabbedTable<Tab extends string, Features extends TableFeatures, Data extends RowData>({ list, page, ...panel }: TabbedTableProps<Tab, Features, Data>) {
  return (
    <TabbedPanel list={list} {...panel}>
      <Pager page={page} list={list} />
    </TabbedPanel>
  );
}
