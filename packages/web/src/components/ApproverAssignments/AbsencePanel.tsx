import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages } from '@uap/domain';
import { useAbsences, useEndAbsence, useSaveAbsence } from '../../api/absences.ts';
import { ApiError } from '../../api/client.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useIsReadOnly } from '../../session/current-user.ts';
import { DialogError, useDialogError } from '../DialogError.tsx';
import { PersonPicker, type PickedPerson } from '../UserSearchDialog/PersonPicker.tsx';
import { localTimeZone } from '../../session/time-zone.ts';
import { PlainTableHead } from '../PlainTableHead.tsx';
import { LabelledCard } from '../LabelledCard.tsx';

const timeZone = localTimeZone();

/** A `datetime-local` value (local wall time) for an instant. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A local date and time of an absence (the browser's own picker). */
function MomentField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label={props.label}
      type="datetime-local"
      size="small"
      value={props.value}
      onChange={(e) => {
        props.onChange(e.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * Out of office: the person's running and planned absences, each with End, and a
 * form to add one (from, to, delegate). `userId` null: the signed-in user; an admin passes the
 * person whose absence they set. The auditor only reads.
 */
export function AbsencePanel({ userId }: { userId: number | null }) {
  const isReadOnly = useIsReadOnly();
  const absences = useAbsences(userId);
  const save = useSaveAbsence();
  const end = useEndAbsence();
  const [error, setError] = useDialogError();
  const [from, setFrom] = useState(() => localInput(new Date()));
  const [to, setTo] = useState(() => localInput(new Date(Date.now() + 7 * 86_400_000)));
  const [delegate, setDelegate] = useState<PickedPerson | null>(null);
  const fail = (failure: unknown) => {
    setError(failure instanceof ApiError ? failure.message : messages.serverError);
  };

  const handleSave = () => {
    if (!delegate) {
      setError(messages.absenceNeedsDelegate);
      return;
    }
    setError(null);
    save.mutate(
      {
        userId,
        delegateUserId: delegate.userId,
        fromDate: new Date(from).toISOString(),
        toDate: new Date(to).toISOString(),
      },
      {
        onSuccess: (message) => {
          notifySuccess(message);
          setDelegate(null);
        },
        onError: fail,
      },
    );
  };

  const headingId = `absence-heading-${userId ?? 'me'}`;
  return (
    <LabelledCard component="section" headingId={headingId} mb={2}>
      <Typography id={headingId} component="h2" variant="h6">
        {messages.absenceHeading}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {messages.absenceIntro}
      </Typography>
      <DialogError error={error} />
      {absences.data && absences.data.length === 0 && (
        <Typography variant="body2">{messages.noAbsences}</Typography>
      )}
      {absences.data && absences.data.length > 0 && (
        <Table size="small" aria-label="Absences">
          <PlainTableHead headers={['From', 'To', 'Delegate', 'Status', ...(isReadOnly ? [] : ['Action'])]} />
          <TableBody>
            {absences.data.map((a) => (
              <TableRow key={a.absenceId}>
                <TableCell>{formatDateTime(a.fromDate, timeZone)}</TableCell>
                <TableCell>{formatDateTime(a.toDate, timeZone)}</TableCell>
                <TableCell>{`${a.delegateName} (${a.delegateEmail})`}</TableCell>
                <TableCell>{a.isRunning ? 'Running' : 'Planned'}</TableCell>
                {!isReadOnly && (
                  <TableCell>
                    <Button
                      size="small"
                      disabled={end.isPending}
                      aria-label={`End absence delegated to ${a.delegateName}`}
                      onClick={() => {
                        end.mutate(a.absenceId, {
                          onSuccess: (message) => {
                            notifySuccess(message);
                          },
                          onError: fail,
                        });
                      }}
                    >
                      End
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {!isReadOnly && (
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <MomentField label="Away from" value={from} onChange={setFrom} />
          <MomentField label="Away until" value={to} onChange={setTo} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <PersonPicker role="Delegate" value={delegate} onChange={setDelegate} onError={setError} />
          </Box>
          <Box>
            <Button variant="contained" onClick={handleSave} disabled={save.isPending}>
              Save absence
            </Button>
          </Box>
        </Box>
      )}
    </LabelledCard>
  );
}
