// The portal's tables: one caption for assistive technology, one header row of
// column headers, and the body (and footer) the page gives. Each table keeps
// its own layout classes (a table that becomes cards on narrow screens hides
// its header there, for one); what every table shares is written here once.
import type { ComponentProps, ReactNode } from "react";

export type DataTableColumn = {
  /** The column's header; a visually hidden one (`<span className="sr-only">`) for a column of links. */
  label: ReactNode;
  /** The header cell's classes (padding, alignment). */
  className?: string;
};

type DataTableProps = Omit<ComponentProps<"table">, "children"> & {
  /** Read by screen readers only when a string; a `<caption>` element of the table's own otherwise. */
  caption: ReactNode;
  columns: DataTableColumn[];
  /** Classes of the header (`<thead>`). */
  headClassName?: string;
  /** The `<tbody>` (and any `<tfoot>`). */
  children: ReactNode;
};

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(" ");

export function DataTable({ caption, columns, headClassName, className, children, ...table }: DataTableProps) {
  return (
    <table {...table} className={classes("w-full text-left text-sm", className)}>
      {typeof caption === "string" ? <caption className="sr-only">{caption}</caption> : caption}
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}
