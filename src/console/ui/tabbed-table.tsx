import type { RowData, TableFeatures } from '@tanstack/react-table';
import { LoadFailed } from '../../client/ui/empty-state.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { LoadMore } from './load-more.tsx';
import { StatusTabs } from './status-tabs.tsx';

const PANEL_ID = 'status-panel';

interface TabbedTableProps<Tab extends string, Features extends TableFeatures, Data extends RowData> extends DataTableProps<Features, Data> {
  tabsLabel: string;
  tabs: ReadonlyArray<{ value: Tab; label: string }>;
  selected: Tab;
  onSelect(tab: Tab): void;
  /** The list's infinite query: its failure, and its next pages. */
  list: { isError: boolean; refetch(): Promise<unknown>; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> };
}

/** A console list by status: the tabs, the table they control (or its failure, with a retry) and "Load more". */
export function TabbedTable<Tab extends string, Features extends TableFeatures, Data extends RowData>({ tabsLabel, tabs, selected, onSelect, list, ...table }: TabbedTableProps<Tab, Features, Data>) {
  return (
    <>
      <StatusTabs label={tabsLabel} tabs={tabs} selected={selected} onSelect={onSelect} panelId={PANEL_ID} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`tab-${selected}`} className="flex flex-col gap-4">
        {list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : <DataTable {...table} />}
        <LoadMore pages={list} />
      </div>
    </>
  );
}
