import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, routeTable, type MailDecision } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useMailDecisionQuery, type MailDecisionDone } from '../../api/mail-decisions.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useSession } from '../../session/session.tsx';
import { DecisionForm } from './DecisionForm.tsx';
import { DecisionLine } from './DecisionLine.tsx';

/** What became of the decision on this page: made, or refused by the server. */
type Outcome = { kind: 'done'; done: MailDecisionDone } | { kind: 'refused'; message: string };

const homeTitle = routeTable.find((entry) => entry.path === '/')?.title ?? '/';

/** A plain centred card, without the app's shell: the page is opened from a mail, maybe signed out. */
function Card({ heading, children }: { heading: string | null; children: ReactNode }) {
  useDocumentTitle(heading ?? 'Loading');
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: { xs: 1, sm: 2 } }}
    >
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 640, minWidth: 0 }}>
        {heading !== null && (
          <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {heading}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}

function HomeLink() {
  return (
    <Box sx={{ mt: 2 }}>
      <RouterLink to="/">{homeTitle}</RouterLink>
    </Box>
  );
}

/** A refusal (used, expired, decided, someone else's, not valid): the server's words, no form. */
function Refusal({ message }: { message: string }) {
  return (
    <>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <HomeLink />
    </>
  );
}

/** What the person does on a link they may use: sign in first, or decide. */
function Decision({
  token,
  decision,
  isSignedIn,
  onOutcome,
}: {
  token: string;
  decision: MailDecision;
  isSignedIn: boolean;
  onOutcome: (outcome: Outcome) => void;
}) {
  const auth = useSession();
  if (decision.signInRequired && !isSignedIn) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" role="note" sx={{ width: '100%' }}>
          {decision.signInReason}
        </Alert>
        <Button
          variant="contained"
          disabled={auth.isRedirecting}
          onClick={() => {
            void auth.signinRedirect();
          }}
        >
          {messages.mailDecisionSignIn}
        </Button>
      </Stack>
    );
  }
  return (
    <DecisionForm
      token={token}
      action={decision.action}
      isSignedIn={isSignedIn}
      onDone={(done) => onOutcome({ kind: 'done', done })}
      onRefused={(message) => onOutcome({ kind: 'refused', message })}
    />
  );
}

/**
 * /Decide/{token}: the page a mail's Approve, Reject or Provisioned link opens. Public: opening
 * it changes nothing (mail scanners open links); it shows the line and, when the link may
 * decide, a comment and the one button that does. Signed in in this tab, the calls carry the
 * person's token (the `/SignedIn` endpoints); otherwise they are anonymous, so a refusal never
 * starts a sign-in by itself.
 */
export function DecidePage() {
  const { token = '' } = useParams();
  const { isAuthenticated: isSignedIn } = useSession();
  const query = useMailDecisionQuery(token, isSignedIn);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const decision = query.data;

  if (!decision) {
    if (query.error) {
      const isRefusal =
        query.error instanceof ApiError && !query.error.isNetworkError && query.error.status < 500;
      return (
        <Card heading={messages.errorTitle}>
          {isRefusal ? (
            <Refusal message={query.error.message} />
          ) : (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Alert severity="error" role="alert" sx={{ width: '100%' }}>
                {query.error instanceof ApiError ? query.error.message : messages.serverError}
              </Alert>
              <Button
                variant="contained"
                disabled={query.isFetching}
                onClick={() => {
                  void query.refetch();
                }}
              >
                Try again
              </Button>
            </Stack>
          )}
        </Card>
      );
    }
    return (
      <Card heading={null}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      </Card>
    );
  }

  const line =
    outcome?.kind === 'done' ? { ...decision.line, status: outcome.done.result.status } : decision.line;
  return (
    <Card heading={messages.mailDecisionTitle(decision.action, decision.line.requestId)}>
      <Typography>
        {messages.mailDecisionFor(decision.recipient)}{' '}
        {messages.mailDecisionValidUntil(formatDateTime(decision.expiresAt))}
      </Typography>
      <DecisionLine line={line} />
      {outcome?.kind === 'done' ? (
        <>
          <Alert severity="success" role="status">
            {outcome.done.message}
          </Alert>
          <HomeLink />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {messages.mailDecisionHint}
          </Typography>
          {outcome?.kind === 'refused' ? (
            <Refusal message={outcome.message} />
          ) : (
            <Decision token={token} decision={decision} isSignedIn={isSignedIn} onOutcome={setOutcome} />
          )}
        </>
      )}
    </Card>
  );
}
