import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { messages, type UserRecordRow } from '@uap/domain';
import type { RecordSubject } from '../../api/records.ts';
import { DataTable } from '../DataTable/DataTable.tsx';
import { userAccessColumns } from './user-access-columns.tsx';
import { useUserRecordsTable } from './user-records-table.ts';

export interface UserAccessOverviewProps {
  /** Whose records: a user id or an email; neither = the signed-in user. */
  userId?: number;
  email?: string;
}

/** The User Access Overview (spec 1 §2.4): a user's pending requests and access records. */
export function UserAccessOverview({ userId, email }: UserAccessOverviewProps) {
  const subject: RecordSubject = useMemo(
    () => ({ ...(userId === undefined ? {} : { userId }), ...(email ? { email } : {}) }),
    [userId, email],
  );
  const records = useUserRecordsTable(subject);
  return (
    <DataTable<UserRecordRow>
      {...records}
      title="User Access Overview"
      intro={<Typography sx={{ mb: 1 }}>{messages.userAccessOverviewIntro}</Typography>}
      columns={userAccessColumns}
    />
  );
}
