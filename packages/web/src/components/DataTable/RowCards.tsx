import type { ReactNode } from 'react';
import { bodyClasses } from './table-styles.ts';

/** How many fields a phone card shows: the first columns, which lead with what matters. */
const cardFields = 6;

interface RowCardsProps<Row> {
  title: string;
  rows: Row[];
  columns: { id: string; header: string }[];
  getRowId: (row: Row) => number;
  cell: (columnId: string, row: Row) => ReactNode;
  /** The row's selection box, when the table has a selection. */
  checkbox?: (row: Row) => ReactNode;
}

/**
 * A table on a phone: one card per row with its key fields, so nothing scrolls sideways. Plain
 * elements drawn by `tableBodyStyles` (an outlined MUI Card's look): a page of cards is cheap.
 */
export function RowCards<Row>({ title, rows, columns, getRowId, cell, checkbox }: RowCardsProps<Row>) {
  const fields = columns.slice(0, cardFields);
  return (
    <ul aria-label={title} className={bodyClasses.cards}>
      {rows.map((row) => (
        <li key={getRowId(row)}>
          {checkbox?.(row)}
          <dl>
            {fields.map((column) => (
              <div key={column.id}>
                <dt>{column.header}</dt>
                <dd>{cell(column.id, row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Cards of grey lines while the first page loads: what the cards will show, without the table.
 * `hidden` once the page has arrived (see `DataTable`).
 */
export function SkeletonCards({
  columns,
  count,
  hidden = false,
}: {
  columns: { id: string; header: string }[];
  count: number;
  hidden?: boolean;
}) {
  const fields = columns.slice(0, cardFields);
  return (
    <ul aria-hidden hidden={hidden} className={bodyClasses.cards}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <dl>
            {fields.map((column) => (
              <div key={column.id}>
                <dt>{column.header}</dt>
                <dd>
                  <span className={bodyClasses.skeleton} />
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
