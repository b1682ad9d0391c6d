import { formatDateTime, type ProfileLogRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

/** The viewer's zone, for every log page's dates. */
export const timeZone = localTimeZone();

const changeText = (c: ProfileLogRow['changes'][number]) => `${c.field}: ${c.oldValue} → ${c.newValue}`;

/** A profile log row: its number, when, by whom, and each field's old and new value. */
export const profileLogColumns = {
  serialNo: { id: 'serialNo', header: '#', sortable: true, text: (r) => String(r.serialNo) },
  rest: [
    {
      id: 'newLastUpdated',
      header: 'Changed',
      sortable: true,
      text: (r) => formatDateTime(r.newLastUpdated, timeZone),
    },
    { id: 'lastModifiedByName', header: 'Changed By', text: (r) => r.lastModifiedByName },
    {
      id: 'changes',
      header: 'Changes (old → new)',
      text: (r) => r.changes.map(changeText).join('; '),
      cell: (r) => r.changes.map((c) => <div key={c.field}>{changeText(c)}</div>),
    },
  ],
} satisfies { serialNo: DataTableColumn<ProfileLogRow>; rest: DataTableColumn<ProfileLogRow>[] };
