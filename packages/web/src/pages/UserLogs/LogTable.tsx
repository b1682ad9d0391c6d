import { useCallback, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { TableQuery } from '@uap/domain';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { useFetchFailure } from '../../components/DataTable/use-fetch-failure.ts';

/**
 * A log screen: its heading, the links under it, the server's sentence when a page could not be
 * fetched (e.g. an unknown profile), and the log's table, paged on the server, 20 rows a page.
 * `fetchLogs` is a module's function, given the log's `id` (a UAP Id, a ParentGUID).
 */
export function LogTable<Row extends { serialNo: number }, Id>(props: {
  heading: string;
  links: ReactNode;
  title: string;
  columns: DataTableColumn<Row>[];
  queryKey: readonly unknown[];
  id: Id;
  fetchLogs: (id: Id, query: TableQuery, signal: AbortSignal) => Promise<{ logs: Row[]; totalCount: number }>;
  emptyMessage: string;
}) {
  const { id, fetchLogs } = props;
  const { failure, track } = useFetchFailure();
  const fetchPage = useCallback(
    async (query: TableQuery, signal: AbortSignal) => {
      const page = await track(fetchLogs(id, query, signal), signal);
      return { rows: page.logs, totalCount: page.totalCount };
    },
    [id, fetchLogs, track],
  );
  return (
    <>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {props.heading}
      </Typography>
      <Typography sx={{ mb: 2 }}>{props.links}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <DataTable<Row>
        title={props.title}
        columns={props.columns}
        queryKey={props.queryKey}
        getRowId={(r) => r.serialNo}
        fetchPage={fetchPage}
        initialPageSize={20}
        emptyMessage={props.emptyMessage}
      />
    </>
  );
}
