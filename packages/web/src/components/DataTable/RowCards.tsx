import { useState, type ReactNode } from 'react';
import { bodyClasses } from './table-styles.ts';

/** How many fields a phone card shows: the first columns, which lead with what matters. */
const cardFields = 6;

/**
 * The id of a table's row-actions column (Edit, Delete, …): a card shows it whatever its place,
 * below the fields, and lets its buttons wrap onto more lines instead of running off the card.
 */
export const rowActionsColumn = 'actions';

const fieldsOf = (columns: { id: string; header: string }[]) =>
  columns.filter((c) => c.id !== rowActionsColumn).slice(0, cardFields);

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
 * A page of rows on a phone: one card per row with its key fields, so nothing scrolls sideways.
 * Plain elements drawn by `tableBodyStyles` (an outlined MUI Card's look): a page of cards is cheap.
 */
function RowCards<Row>({ title, rows, columns, getRowId, cell, checkbox }: RowCardsProps<Row>) {
  const fields = fieldsOf(columns);
  const hasActions = columns.some((c) => c.id === rowActionsColumn);
  return (
    <ul aria-label={title} className={bodyClasses.cards}>
      {rows.map((row) => (
        <li key={getRowId(row)}>
          {checkbox?.(row)}
          <div className={bodyClasses.cardBody}>
            <dl>
              {fields.map((column) => (
                <div key={column.id}>
                  <dt>{column.header}</dt>
                  <dd>{cell(column.id, row)}</dd>
                </div>
              ))}
            </dl>
            {hasActions && <div className={bodyClasses.cardActions}>{cell(rowActionsColumn, row)}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A table on a phone: cards of grey lines while the first page loads, then the page's cards.
 * The grey cards, once drawn, stay in the page, hidden, when the page arrives, so the commit that
 * draws it only adds: taking drawn elements out of the page costs per element, and that commit
 * is the one that must stay short.
 */
export function PhoneCards<Row>({
  isLoading,
  skeletonCount,
  ...cards
}: RowCardsProps<Row> & { isLoading: boolean; skeletonCount: number }) {
  const [hasSkeleton] = useState(isLoading);
  return (
    <>
      {hasSkeleton && <SkeletonCards columns={cards.columns} count={skeletonCount} hidden={!isLoading} />}
      {!isLoading && <RowCards {...cards} />}
    </>
  );
}

/** Cards of grey lines while the first page loads: what the cards will show, without the table. */
function SkeletonCards({
  columns,
  count,
  hidden,
}: {
  columns: { id: string; header: string }[];
  count: number;
  hidden: boolean;
}) {
  const fields = fieldsOf(columns);
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
