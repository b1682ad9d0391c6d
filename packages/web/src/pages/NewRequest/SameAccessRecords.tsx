import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { colleagueAccessTable, maxSameAccessRecords, messages, type ColleagueAccessRow } from '@uap/domain';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import type { RowSelection } from '../../components/DataTable/types.ts';
import { accessCells } from '../../components/UserAccessOverview/user-access-columns.tsx';

// Plain record ids: a link would leave the wizard (and the colleague's records are not the user's).
const cells = accessCells<ColleagueAccessRow>(() => false);

/**
 * The colleague's active records (server-paged, read-only), each with a box to tick it. The
 * ticks are the dialog's (`useRowSelection`), so they survive paging and going back from the
 * preview; past `maxSameAccessRecords` the other boxes are greyed and say why.
 */
export function SameAccessRecords(props: {
  colleagueId: number;
  selection: RowSelection<ColleagueAccessRow>;
}) {
  const { colleagueId, selection } = props;
  const body = useMemo(() => ({ userId: colleagueId }), [colleagueId]);
  const table = useDeclaredTable(colleagueAccessTable, { cells, canExport: false, body });
  const limited = useMemo((): RowSelection<ColleagueAccessRow> => {
    const isFull = selection.selectedIds.length >= maxSameAccessRecords;
    const whyNot = (row: ColleagueAccessRow) =>
      isFull && !selection.selectedIds.includes(row.requestId)
        ? messages.sameAccessTooMany(maxSameAccessRecords)
        : null;
    return { ...selection, whyNotSelectable: whyNot, isRowSelectable: (row) => whyNot(row) === null };
  }, [selection]);
  return (
    <DataTable<ColleagueAccessRow>
      {...table}
      tableId="Same access as a colleague"
      initialPageSize={10}
      selection={limited}
      emptyMessage={messages.sameAccessNoRecords}
      intro={<Typography sx={{ mb: 1 }}>{messages.sameAccessChooseRecords}</Typography>}
    />
  );
}
