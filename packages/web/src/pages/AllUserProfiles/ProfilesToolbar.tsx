import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages } from '@uap/domain';
import { mergeKeys, useProfileMatcherStatus, useRunUserJob } from '../../api/merges.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { reportError } from '../../api/error-store.ts';
import { ProposalsDialog } from './ProposalsDialog.tsx';
import { StatusOfUsersDialog } from './StatusOfUsersDialog.tsx';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

type OpenDialog = 'statusReport' | 'proposals' | null;

/**
 * The buttons above All User Profiles (spec 3 §2.4): Add User Profile opens the Edit/Add modal
 * empty; UAP User Role Validation and Profile
 * Matcher run their job and show its sentence ('Something went wrong.!' when it failed); User
 * Status Report opens the Status of Users modal; Proposed merges lists the Profile Matcher's
 * proposals. The auditor only reads: the report and the proposals, without their actions.
 */
export function ProfilesToolbar(props: { isReadOnly: boolean; onAdd: () => void }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const queryClient = useQueryClient();
  const run = useRunUserJob();
  const start = (job: 'roleValidation' | 'profileMatcher') => {
    run.mutate(job, { onSuccess: (message) => notifySuccess(message), onError: reportError });
    if (job === 'profileMatcher') {
      // The call answers when the run has ended: meanwhile the line shows it running (and polls).
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: mergeKeys.matcherStatus }), 1000);
    }
  };
  const isRunning = (job: 'roleValidation' | 'profileMatcher') => run.isPending && run.variables === job;

  return (
    <>
      {!props.isReadOnly && (
        <Button size="small" variant="contained" onClick={props.onAdd}>
          Add User Profile
        </Button>
      )}
      {!props.isReadOnly && (
        <Button size="small" onClick={() => start('roleValidation')} disabled={run.isPending}>
          {isRunning('roleValidation') ? 'Validating roles…' : 'UAP User Role Validation'}
        </Button>
      )}
      <Button size="small" onClick={() => setDialog('statusReport')}>
        User Status Report
      </Button>
      {!props.isReadOnly && (
        <Button size="small" onClick={() => start('profileMatcher')} disabled={run.isPending}>
          {isRunning('profileMatcher') ? 'Profile Matcher running…' : 'Profile Matcher'}
        </Button>
      )}
      <Button size="small" onClick={() => setDialog('proposals')}>
        Proposed merges
      </Button>
      {dialog === 'statusReport' && (
        <StatusOfUsersDialog isReadOnly={props.isReadOnly} onClose={() => setDialog(null)} />
      )}
      {dialog === 'proposals' && (
        <ProposalsDialog isReadOnly={props.isReadOnly} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

/**
 * 'Last Profile Matcher job started on X and completed on Y' under the toolbar; the status is
 * polled every 10 seconds only while a run is under way (spec 3 §4).
 */
export function ProfileMatcherLine() {
  const status = useProfileMatcherStatus().data;
  if (!status?.startOn) {
    return null;
  }
  const started = formatDateTime(status.startOn, timeZone);
  const ended = formatDateTime(status.endOn, timeZone);
  const line =
    status.status === 'RUNNING'
      ? messages.profileMatcherRunning(started)
      : status.status === 'FAILED'
        ? messages.profileMatcherFailed(started, ended)
        : messages.profileMatcherStatusLine(started, ended);
  return (
    <Typography variant="body2" aria-live="polite" sx={{ mb: 1 }}>
      {line}
    </Typography>
  );
}
