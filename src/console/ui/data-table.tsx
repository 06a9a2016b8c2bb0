import type { ReactTable, Row, RowData, TableFeatures } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** The cell of a column of user text (a shop's name, a subject): in its own direction inside the page's. */
export const userTextCell = (info: { getValue(): unknown }) => <bdi>{String(info.getValue())}</bdi>;

/**
 * The box of a console table: a wide table scrolls inside it (a phone's screen) rather than the
 * page sideways, and the box is a named stop for the keyboard so its columns can be scrolled to.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-primary-700">
      {children}
    </div>
  );
}

export interface DataTableProps<Features extends TableFeatures, Data extends RowData> {
  /** Whatever state the page subscribed to: the table reads only its rows and headers. */
  table: ReactTable<Features, Data, unknown>;
  /** Names the table for screen readers (shown to them only). */
  caption: string;
  /** While the first rows load: one row saying so, the table marked busy. */
  loading?: boolean;
  loadingMessage?: ReactNode;
  /** What the table says in one row when it has none. */
  empty?: ReactNode;
  /** A click on a row (its links and controls stop their own clicks). */
  onRowClick?(row: Row<Features, Data>): void;
}

/** A console list as a table: headers, one row per record, and a row of its own while loading or empty. */
export function DataTable<Features extends TableFeatures, Data extends RowData>({ table, caption, loading = false, loadingMessage, empty, onRowClick }: DataTableProps<Features, Data>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  return (
    <TableBox label={caption}>
      <table className="w-full text-sm" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 text-start font-semibold">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <td colSpan={columnCount} role="status" className="px-3 py-10 text-center text-slate-600">
                {loadingMessage}
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-3 py-2">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                onClick={onRowClick && (() => onRowClick(row))}
                className={`border-t border-slate-100 align-top ${onRowClick ? 'cursor-pointer hover:bg-slate-50' : ''}`}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 text-slate-800">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableBox>
  );
}
