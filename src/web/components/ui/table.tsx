import type { HTMLAttributes, ReactNode } from 'react';

/** A column: its heading, and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  /** The name a cell shows before its value where rows become cards (the narrow layout); the header by default. */
  label?: string;
  /** Classes of this column's cells, beside the table's own. */
  className?: string;
  cell(row: T): ReactNode;
}

/** What a row carries besides its cells (test ids, data attributes, a tone). */
export type RowProps = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;

/** A plain table from columns; every class is the caller's, so one shape serves admin lists and reports. */
export function Table<T>(props: {
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string;
  rowProps?(row: T): RowProps;
  className?: string;
  headClassName?: string;
  headerCellClassName?: string;
  bodyClassName?: string;
  cellClassName?: string;
}) {
  return (
    <table className={props.className}>
      <thead className={props.headClassName}>
        <tr>
          {props.columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
            <th key={i} scope="col" className={props.headerCellClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={props.bodyClassName}>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
            {props.columns.map((column, i) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                key={i}
                data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
                className={`${props.cellClassName ?? ''} ${column.className ?? ''}`.trim()}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
