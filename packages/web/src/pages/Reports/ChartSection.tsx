import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { downloadReportCsv, type ReportParams, type ReportPath } from '../../api/reports.ts';

/** One column of a chart's table: its header and the cell of a row. */
export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
  isNumeric?: boolean;
}

interface ChartSectionProps<Row> {
  title: string;
  description: string;
  path: ReportPath;
  params: ReportParams;
  rows: Row[] | undefined;
  isLoading: boolean;
  error: unknown;
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Drawn when there are rows: the chart (named `title` by the figure around it). */
  chart: (rows: Row[]) => ReactNode;
  /** Controls beside the CSV button (the median chart's grouping). */
  controls?: ReactNode;
}

/**
 * A Reports chart: its title and sentence, the chart, the same numbers as a real table (with a
 * caption) and the CSV download of the server's rows.
 */
export function ChartSection<Row>(props: ChartSectionProps<Row>) {
  const { title, description, path, params, rows, isLoading, error, columns, rowKey, chart, controls } =
    props;
  const titleId = useId();
  const captionId = useId();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const handleDownload = async () => {
    setDownloadError(null);
    try {
      await downloadReportCsv(path, params);
    } catch (e) {
      setDownloadError(e instanceof ApiError ? e.message : messages.serverError);
    }
  };
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 1 }}
      >
        <Box>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          <Typography variant="body2">{description}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {controls}
          <Button
            variant="outlined"
            size="small"
            onClick={() => void handleDownload()}
            aria-label={`Download CSV: ${title}`}
          >
            Download CSV
          </Button>
        </Stack>
      </Stack>
      {downloadError && <Alert severity="error">{downloadError}</Alert>}
      {isLoading && <CircularProgress aria-label={`Loading ${title}`} size={28} />}
      {error !== null && error !== undefined && (
        <Alert severity="error">{error instanceof ApiError ? error.message : messages.serverError}</Alert>
      )}
      {rows && rows.length === 0 && <Typography role="status">{messages.reportNoLines}</Typography>}
      {rows && rows.length > 0 && (
        <>
          <Box component="figure" aria-label={title} sx={{ m: 0 }}>
            {chart(rows)}
          </Box>
          {/* It scrolls: a tab stop, so the keyboard scrolls it too, named by the table's caption. */}
          <TableContainer tabIndex={0} role="region" aria-labelledby={captionId} sx={{ maxHeight: 360 }}>
            <Table size="small" stickyHeader>
              <caption id={captionId} style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
                <Typography variant="caption">{`${title}: the numbers of the chart`}</Typography>
              </caption>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.header} align={c.isNumeric ? 'right' : 'left'}>
                      {c.header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>
                    {columns.map((c) => (
                      <TableCell key={c.header} align={c.isNumeric ? 'right' : 'left'}>
                        {c.cell(row) ?? '–'}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Paper>
  );
}
