import type { ReactNode } from 'react';
import { type Async, AsyncState } from '../../components/ui/async-state';
import { type Column, type RowProps, Table } from '../../components/ui/table';
import { CELL } from './table-cells';

export type { Column };

/**
 * The admin's list: loading, the error, the empty text, then a bordered table whose rows become
 * labelled cards under 640 px (see CELL). `minWidth` is the table's width from sm up, as a class.
 */
export function AdminTable<T>(props: {
  state: Async<T[]>;
  columns: Column<T>[];
  rowKey(row: T): string;
  rowProps?(row: T): RowProps;
  /** Shown as given when the list is empty. */
  empty: ReactNode;
  minWidth: string;
  /** Classes of every cell besides CELL, and of the header cells (their padding). */
  tableClassName?: string;
  headerCellClassName?: string;
}) {
  return (
    <AsyncState state={props.state} empty={props.empty} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <Table
            columns={props.columns}
            rows={rows}
            rowKey={props.rowKey}
            rowProps={(row) => {
              const extra = props.rowProps?.(row) ?? {};
              return { ...extra, className: `max-sm:block max-sm:py-2 ${extra.className ?? ''}`.trim() };
            }}
            className={`w-full text-left text-sm max-sm:block ${props.minWidth} ${props.tableClassName ?? ''}`.trim()}
            headClassName="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 max-sm:hidden"
            headerCellClassName={props.headerCellClassName ?? 'px-3 py-2 font-semibold'}
            bodyClassName="divide-y divide-stone-200 max-sm:block"
            cellClassName={CELL}
          />
        </div>
      )}
    </AsyncState>
  );
}
