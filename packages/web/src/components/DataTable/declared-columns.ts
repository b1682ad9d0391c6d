import { keptZoneFormatters, type DeclaredColumn, type ZoneFormatters } from '@uap/domain';
import { localTimeZone } from '../../session/time-zone.ts';
import type { DataTableColumn } from './types.ts';

/** What a screen adds to a declared column: a cell that is more than text, a truncation. */
export type DeclaredColumnExtras<Row> = Partial<Pick<DataTableColumn<Row>, 'cell' | 'truncate'>>;

/**
 * A declaration's screen columns as DataTable columns, their text in the browser's zone (the
 * same text its CSV file holds); `extras` by column id. The zone's formats are built at the
 * first cell, not here: a screen may build its columns before its first page is asked for.
 */
export function declaredColumns<Row>(
  columns: readonly DeclaredColumn<Row>[],
  extras: Readonly<Record<string, DeclaredColumnExtras<Row>>> = {},
): DataTableColumn<Row>[] {
  let formats: ZoneFormatters | null = null;
  const dates = () => (formats ??= keptZoneFormatters(localTimeZone()));
  return columns
    .filter((column) => column.isOnScreen)
    .map((column) => ({
      id: column.id,
      header: column.header,
      text: (row: Row) => column.text(row, dates()),
      sortable: column.isSortable,
      filterable: column.isFilterable,
      ...extras[column.id],
    }));
}
