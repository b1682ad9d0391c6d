import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@uap/domain';
import { useSentMail } from '../../api/notifications.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { localTimeZone } from '../../session/time-zone.ts';
import { LabelledCard } from '../../components/LabelledCard.tsx';

const timeZone = localTimeZone();
const PAGE_SIZE = 20;

/**
 * Sent mail (/SentMail, super admin): the notification outbox, newest first — what was sent,
 * and what waits (no SMTP_URL configured, or a mail server that refused and will be retried).
 */
export function SentMailPage() {
  const [page, setPage] = useState(1);
  const mail = useSentMail(page);
  if (!mail.data) {
    return <PageSpinner />;
  }
  const { mails, totalCount } = mail.data;
  const pageCount = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
  return (
    <Stack spacing={2}>
      <Typography>{`${totalCount} message${totalCount === 1 ? '' : 's'} in the outbox.`}</Typography>
      {mails.map((m) => {
        const headingId = `mail-${m.mailId}`;
        const state =
          m.status === 'SENT'
            ? `Sent ${m.sentAt ? formatDateTime(m.sentAt, timeZone) : ''}`
            : m.attempts === 0
              ? 'Waiting'
              : `Waiting: ${m.attempts} failed attempt${m.attempts === 1 ? '' : 's'}, next ${formatDateTime(m.nextAttemptAt, timeZone)}${m.lastError ? ` (${m.lastError})` : ''}`;
        return (
          <LabelledCard key={m.mailId} component="article" headingId={headingId}>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
              {m.subject}
            </Typography>
            <Typography variant="body2">
              {`${m.channel === 'webhook' ? 'Teams / Slack webhook' : `To: ${m.recipient}`} · Queued ${formatDateTime(m.createdDate, timeZone)} · ${state}`}
            </Typography>
            <Typography
              component="pre"
              variant="body2"
              sx={{ whiteSpace: 'pre-wrap', mt: 1, fontFamily: 'inherit' }}
            >
              {m.textBody}
            </Typography>
          </LabelledCard>
        );
      })}
      {pageCount > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <Typography>{`Page ${page} of ${pageCount}`}</Typography>
          <Button disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
