import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  bulkColumnHeader,
  bulkTemplateColumns,
  bulkUploadTypeLabels,
  bulkUploadTypes,
  limits,
  messages,
  type BulkResultRow,
  type BulkUploadStatus,
  type BulkUploadType,
} from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import {
  downloadBulkTemplate,
  downloadRefusedRows,
  fetchBulkResults,
  fetchUploadStatus,
  uploadBulkFile,
} from '../../api/bulk.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/DataTable.tsx';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { FileChooser, useChosenFile } from '../../components/forms/FileChooser.tsx';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : messages.serverError);

// The spec's fields (row, fileName, bulk_Success, bulk_Status) under headers a person reads.
const columns: DataTableColumn<BulkResultRow>[] = [
  { id: 'row', header: 'Row', text: (r) => String(r.row) },
  { id: 'fileName', header: 'Upload ID', text: (r) => r.fileName },
  {
    id: 'bulk_Success',
    header: 'Result',
    text: (r) => (r.bulk_Success ? 'Success' : 'Refused'),
    filterable: true,
  },
  { id: 'bulk_Status', header: 'Details', text: (r) => r.bulk_Status, truncate: 150 },
];

/** Polls an upload's status every second until it stops. */
function useUploadStatus(code: string | null, onDone: () => void) {
  const [status, setStatus] = useState<BulkUploadStatus | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!code) {
      setStatus(null);
      return;
    }
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchUploadStatus(code);
        if (isStopped) {
          return;
        }
        setStatus(next);
        if (next.status === 'Processing') {
          timer = setTimeout(() => void poll(), 1000);
        } else {
          onDoneRef.current();
        }
      } catch {
        timer = setTimeout(() => void poll(), 2000);
      }
    };
    void poll();
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [code]);
  return status;
}

function UploadProgress({ status }: { status: BulkUploadStatus }) {
  const total = status.totalRows;
  const percent = total ? Math.round((100 * status.processedRows) / total) : 0;
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        aria-label="Upload progress"
        variant={total === null ? 'indeterminate' : 'determinate'}
        value={percent}
      />
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {messages.bulkProgress(
          status.codeFile,
          status.status,
          status.processedRows,
          total,
          status.successRows,
        )}
      </Typography>
      {status.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {status.error}
        </Alert>
      )}
    </Box>
  );
}

/** Bulk Upload (spec 3 §2.9): choose a type, upload a .csv, follow it, and read its results by upload ID. */
export function UploadPage() {
  // The auditor reads the results and the template; uploading is not offered.
  const isReadOnly = useIsReadOnly();
  const [type, setType] = useState<BulkUploadType>('UserRecords');
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const csv = useChosenFile(
    (chosen) => (/\.csv$/i.test(chosen.name) ? null : messages.bulkCsvOnly),
    setError,
  );
  const { file } = csv;
  const [code, setCode] = useState<string | null>(null);
  const [uploadId, setUploadId] = useState('');
  const [shownId, setShownId] = useState('');
  const [resultsVersion, setResultsVersion] = useState(0);
  const status = useUploadStatus(code, () => setResultsVersion((v) => v + 1));

  const handleUpload = async () => {
    if (!file) {
      return;
    }
    setIsUploading(true);
    setError(null);
    try {
      const uploaded = await uploadBulkFile(type, file);
      setCode(uploaded);
      setUploadId(uploaded);
      setShownId(uploaded);
      csv.clear();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setIsUploading(false);
    }
  };

  const handleDownload = (download: () => Promise<void>) => {
    setError(null);
    download().catch((e: unknown) => setError(errorText(e)));
  };

  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="upload-title" sx={{ p: 2 }}>
        <Typography id="upload-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Upload a file
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Upload type"
            size="small"
            value={type}
            onChange={(e) => setType(e.target.value as BulkUploadType)}
            sx={{ minWidth: 240 }}
          >
            {bulkUploadTypes.map((t) => (
              <MenuItem key={t} value={t}>
                {bulkUploadTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
          <Button onClick={() => handleDownload(() => downloadBulkTemplate(type))}>Download template</Button>
          {!isReadOnly && (
            <>
              <FileChooser
                buttonLabel="Choose .csv file"
                accept=".csv,text/csv"
                inputLabel="CSV file"
                choice={csv}
              />
              <DisabledReason reason={file ? null : messages.bulkChooseFile}>
                <Button
                  variant="contained"
                  disabled={!file || isUploading}
                  onClick={() => void handleUpload()}
                >
                  Upload
                </Button>
              </DisabledReason>
            </>
          )}
        </Stack>
        {isReadOnly && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {messages.auditorsReadOnly}
          </Typography>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {`Columns (* required): ${bulkTemplateColumns[type].map(bulkColumnHeader).join(', ')}. The template holds one example row: replace it with your own.`}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {status && <UploadProgress status={status} />}
      </Paper>

      <Paper component="section" aria-labelledby="results-title" sx={{ p: 2 }}>
        <Typography id="results-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Results by upload ID
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            setShownId(uploadId.trim());
          }}
        >
          <TextField
            label="Upload ID"
            size="small"
            value={uploadId}
            onChange={(e) => setUploadId(e.target.value)}
            slotProps={{ htmlInput: { maxLength: limits.uploadId } }}
            sx={{ minWidth: 280 }}
          />
          <Button type="submit" variant="contained" disabled={uploadId.trim() === ''}>
            Show results
          </Button>
          <Button
            disabled={shownId === ''}
            onClick={() => handleDownload(() => downloadRefusedRows(shownId))}
          >
            Export refused rows
          </Button>
        </Stack>
        {shownId !== '' && (
          <DataTable<BulkResultRow>
            key={`${type}-${shownId}`}
            title="Upload Results"
            tableId="BulkUploadResults"
            columns={columns}
            queryKey={['bulk-results', type, shownId, resultsVersion]}
            getRowId={(r) => r.row}
            fetchPage={async (query, signal) => {
              const page = await fetchBulkResults(type, shownId, query, signal);
              return { rows: page.records, totalCount: page.totalCount };
            }}
            fetchFilterOptions={(column) =>
              Promise.resolve(column === 'bulk_Success' ? ['Success', 'Refused'] : [])
            }
          />
        )}
      </Paper>
    </Stack>
  );
}
