import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  limits,
  masterDataUploadLimits,
  messages,
  type MasterDataUploadResult,
  type MasterDataUploadRow,
} from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { masterDataKeys } from '../../api/master-data.ts';
import { downloadMasterDataTemplate, uploadMasterData } from '../../api/master-data-upload.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { localPage } from '../../components/DataTable/local-page.ts';
import { FileChooser, useChosenFile } from '../../components/forms/FileChooser.tsx';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : messages.serverError);
const outcomeLabel: Record<MasterDataUploadRow['outcome'], string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

type ResultRow = MasterDataUploadRow & { id: number };
const columns: DataTableColumn<ResultRow>[] = [
  { id: 'sheet', header: 'Sheet', text: (r) => r.sheet },
  { id: 'row', header: 'Row', text: (r) => String(r.row) },
  { id: 'name', header: 'Name', text: (r) => r.name, truncate: limits.tooltip },
  { id: 'outcome', header: 'Result', text: (r) => outcomeLabel[r.outcome] },
  { id: 'message', header: 'Why', text: (r) => r.message, truncate: limits.tooltip },
];

/** A cell a spreadsheet would run as a formula is prefixed with a quote. */
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Saves the refused rows as a .csv: sheet, row, type, name and why. */
function saveRefusedRows(result: MasterDataUploadResult) {
  const lines = [
    ['Sheet', 'Row', 'Type', 'Name', 'Error'],
    ...result.rows
      .filter((r) => r.outcome === 'refused')
      .map((r) => [r.sheet, String(r.row), r.masterDataType, r.name, r.message]),
  ].map((cells) => cells.map(csvCell).join(','));
  const url = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'master-data-refused-rows.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why a chosen file cannot be processed: not an .xlsx workbook, or too large; null when it can. */
function workbookRefusal(file: File): string | null {
  if (!/\.xlsx$/i.test(file.name)) {
    return messages.masterDataUploadXlsxOnly;
  }
  const max = masterDataUploadLimits.maxMegabytes;
  return file.size > max * 1024 * 1024 ? messages.masterDataUploadTooLarge(max) : null;
}

/**
 * The master data spreadsheet (spec 3 §2.1): the .xlsx chooser and 'Process file',
 * the template, a progress bar while the file goes up and is processed, then each row's result.
 */
export function MasterDataUpload(props: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const workbook = useChosenFile(workbookRefusal, setError);
  const { file } = workbook;
  const [result, setResult] = useState<MasterDataUploadResult | null>(null);
  const [runs, setRuns] = useState(0);
  const isRunning = sent !== null;

  const handleProcess = async () => {
    if (!file) {
      setError(messages.masterDataUploadNoFile);
      return;
    }
    setError(null);
    setResult(null);
    setSent(0);
    try {
      const answer = await uploadMasterData(file, setSent);
      setResult(answer);
      setRuns((n) => n + 1);
      if (answer.applied) {
        workbook.clear();
        await Promise.all(
          [masterDataKeys.all, masterDataKeys.table].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSent(null);
    }
  };

  const handleTemplate = () => {
    setError(null);
    downloadMasterDataTemplate().catch((e: unknown) => setError(errorText(e)));
  };

  const rows: ResultRow[] = result?.rows.map((r, i) => ({ ...r, id: i + 1 })) ?? [];
  return (
    <Paper component="section" aria-labelledby="master-data-upload-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="master-data-upload-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Upload master data
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button onClick={handleTemplate}>Download template</Button>
        {props.canWrite && (
          <>
            <FileChooser
              buttonLabel="Choose .xlsx file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              inputLabel="Master data workbook"
              choice={workbook}
              isDisabled={isRunning}
            />
            <Button variant="contained" disabled={!file || isRunning} onClick={() => void handleProcess()}>
              Process file
            </Button>
          </>
        )}
      </Stack>
      {isRunning && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            aria-label="Processing progress"
            variant={sent < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round(sent * 100)}
          />
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {sent < 1 ? `Sending the file… ${Math.round(sent * 100)}%` : 'Processing the rows…'}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {result && (
        <Box sx={{ mt: 2 }}>
          <Alert
            severity={result.applied ? 'success' : 'error'}
            role={result.applied ? 'status' : 'alert'}
            action={
              result.refused > 0 ? (
                <Button color="inherit" size="small" onClick={() => saveRefusedRows(result)}>
                  Export refused rows
                </Button>
              ) : undefined
            }
          >
            {result.applied
              ? messages.masterDataUploadApplied(result)
              : messages.masterDataUploadRolledBack(result.refused)}
          </Alert>
          <DataTable<ResultRow>
            key={runs}
            title="Upload results"
            tableId="Master data upload results"
            columns={columns}
            queryKey={['MasterDataUpload', runs]}
            getRowId={(r) => r.id}
            initialPageSize={10}
            fetchPage={(query) => Promise.resolve(localPage(rows, query, columns))}
          />
        </Box>
      )}
    </Paper>
  );
}
