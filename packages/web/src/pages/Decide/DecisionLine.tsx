import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { formatDate, type MailDecisionLine } from '@uap/domain';

/** One label and its value; an empty value shows as a dash. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === null || children === '';
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* Breaks at spaces; only a word longer than the line (an email address) breaks inside. */}
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, wordBreak: 'normal', overflowWrap: 'anywhere' }}
      >
        {isEmpty ? '—' : children}
      </Typography>
    </>
  );
}

/**
 * An administrator-level user type stands out: the error colour AND a shield with a text
 * alternative, as `PlatformUserType` marks it elsewhere (not colour alone).
 */
function UserType({ line }: { line: MailDecisionLine }) {
  if (!line.isAdministratorType) {
    return <>{line.userType}</>;
  }
  return (
    <Box component="span" sx={{ color: 'error.dark', fontWeight: 600, display: 'inline-flex', gap: 0.5 }}>
      <AdminPanelSettingsIcon fontSize="small" titleAccess="Administrator level" />
      {line.userType}
    </Box>
  );
}

/** The line a mail's link decides, as a list of labelled values (label above value on a phone). */
export function DecisionLine({ line }: { line: MailDecisionLine }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
        columnGap: 2,
        rowGap: 0.25,
        my: 2,
      }}
    >
      <Field label="Request ID">{String(line.requestId)}</Field>
      <Field label="Request type">{line.requestType}</Field>
      <Field label="Status">{line.status}</Field>
      <Field label="Platform">{line.platform}</Field>
      <Field label="Client">{line.client}</Field>
      <Field label="Asset name">{line.clientAccount}</Field>
      <Field label="Platform user type">{line.userType === null ? null : <UserType line={line} />}</Field>
      <Field label="User">{line.user}</Field>
      <Field label="Email">{line.userEmail}</Field>
      <Field label="Requested by">{line.requestor}</Field>
      <Field label="Requestor comment">{line.requestorComment}</Field>
      <Field label="Start Date">{line.beginningDate === null ? null : formatDate(line.beginningDate)}</Field>
      <Field label="End Date">
        {line.expirationDate === null ? 'Unlimited' : formatDate(line.expirationDate)}
      </Field>
    </Box>
  );
}
