import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { existingAccessTable, messages, type ExistingAccessRow } from '@uap/domain';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../../components/DataTable/use-declared-table.ts';
import { accessCells } from '../../../components/UserAccessOverview/user-access-columns.tsx';

// A record the caller may modify links to it; the colleague's other access is read-only.
const cells = accessCells<ExistingAccessRow>((r) => r.canModify);

/**
 * The User Access Overview of the wizard's existing-access check: the subject's pending and
 * active access whoever requested it (read-only; no export), so a duplicate shows before Create.
 */
export function ExistingAccessTable({ userId }: { userId: number }) {
  const body = useMemo(() => ({ userId }), [userId]);
  const table = useDeclaredTable(existingAccessTable, { cells, canExport: false, body });
  return (
    <DataTable<ExistingAccessRow>
      {...table}
      intro={<Typography sx={{ mb: 1 }}>{messages.existingAccessIntro}</Typography>}
    />
  );
}
