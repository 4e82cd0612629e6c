import { Fragment, type ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** A column of an admin table: its header (text, or a whole header cell such as a sort link) and its cell. */
export type AdminColumn<Row> = {
  header: string | ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
};

/**
 * The one admin list: a table of rows with a column of row actions at the end, and the message to
 * show under it when there are no rows.
 */
export function AdminTable<Row>({
  columns,
  rows,
  rowKey = (row) => (row as { id: string }).id,
  actions,
  actionsLabel = "Actions",
  empty,
  className = "mt-6",
  label = "Table",
}: {
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey?: (row: Row) => string;
  actions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  empty?: ReactNode;
  className?: string;
  /** What the table lists (names its scrolling box for screen readers and keyboards). */
  label?: string;
}) {
  return (
    <>
      <Table className={className} scrollLabel={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column, index) =>
              typeof column.header === "string" ? <TableHead key={index}>{column.header}</TableHead> : <Fragment key={index}>{column.header}</Fragment>,
            )}
            {actions ? <TableHead alignEnd>{actionsLabel}</TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column, index) => (
                <TableCell key={index} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
              {actions ? (
                <TableCell>
                  <div className="flex items-center justify-end gap-1">{actions(row)}</div>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length === 0 && empty ? (
        typeof empty === "string" ? <p className="p-6 text-center text-sm text-muted-foreground">{empty}</p> : empty
      ) : null}
    </>
  );
}
