import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { limits, type ApprovalRow } from '@uap/domain';
import type { DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { TruncatedText } from '../../components/DataTable/TruncatedText.tsx';
import type { ColumnExtras } from '../../components/DataTable/use-declared-table.ts';
import { OnBehalfOf } from '../../components/OnBehalfOf.tsx';
import { PlatformUserType } from '../../components/PlatformUserType.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';

/**
 * The approval lists' cells that are more than text (approvalsTable). Without `onOpen` (a
 * read-only user) the request id is plain text.
 */
export function approvalCells(
  onOpen?: (row: ApprovalRow) => void,
): Readonly<Record<string, ColumnExtras<ApprovalRow>>> {
  return {
    requestId: {
      cell: (row) => (
        <>
          {onOpen === undefined ? (
            row.requestId
          ) : (
            <Link
              component="button"
              type="button"
              color={row.isUrgent ? 'error' : 'primary'}
              onClick={() => {
                onOpen(row);
              }}
            >
              {row.requestId}
            </Link>
          )}
          <OnBehalfOf name={row.onBehalfOf} />
        </>
      ),
    },
    platformUserTypeName: {
      cell: (row) => (
        <PlatformUserType name={row.platformUserTypeName} basicName={row.platformUserType.basicName} />
      ),
    },
    isUrgent: { cell: (row) => (row.isUrgent ? <Chip label="Urgent" color="error" size="small" /> : null) },
    status: { cell: (row) => <StatusChip label={row.status.description} /> },
    requestTypeName: { cell: (row) => <StatusChip label={row.requestTypeName} /> },
    comments: { truncate: limits.requestorCommentInTable },
    approverComment: { truncate: limits.requestorCommentInTable },
  };
}

function cellOf(column: DataTableColumn<ApprovalRow>, row: ApprovalRow): ReactNode {
  if (column.cell) {
    return column.cell(row);
  }
  const text = column.text?.(row) ?? '';
  return column.truncate ? <TruncatedText text={text} max={column.truncate} /> : text;
}

/** Urgent requests are highlighted in red: every cell of the row. */
export function inUrgentColour(columns: DataTableColumn<ApprovalRow>[]): DataTableColumn<ApprovalRow>[] {
  return columns.map((column) => ({
    ...column,
    cell: (row) => (
      <Box component="span" sx={{ color: row.isUrgent ? 'error.main' : undefined }}>
        {cellOf(column, row)}
      </Box>
    ),
  }));
}
