import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatDateTime,
  isAdministratorUserType,
  messages,
  type ApprovalDetail,
} from '@uap/domain';
import { localTimeZone } from '../../session/time-zone.ts';

const timeZone = localTimeZone();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {/* On a phone each label sits above its value, which then has the dialog's whole width. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
          columnGap: 2,
          rowGap: 0.25,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function Field({ label, value, isRed = false }: { label: string; value: ReactNode; isRed?: boolean }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* Breaks at spaces; only a word longer than the line (an email address) breaks inside. */}
      <Typography
        variant="body2"
        sx={{
          color: isRed ? 'error.main' : undefined,
          wordBreak: 'normal',
          overflowWrap: 'anywhere',
          mb: { xs: 0.75, sm: 0 },
        }}
      >
        {value === '' || value === null ? '—' : value}
      </Typography>
    </>
  );
}

/** A before/after value as text: dates as MM-DD-YYYY, missing as 'Unlimited' for dates. */
function changeText(key: string, value: unknown): string {
  if (/date/i.test(key)) {
    return typeof value === 'string' ? formatDate(value) : 'Unlimited';
  }
  if (value === null || value === undefined) {
    return '';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Requester, user, platform access, selected account, comments, changes and the people of the path. */
export function RequestSummary({ detail }: { detail: ApprovalDetail }) {
  const changes = detail.changesRequest;
  const changeKeys = changes
    ? [...new Set([...Object.keys(changes.before), ...Object.keys(changes.after)])].filter(
        (k) => !k.endsWith('Id'),
      )
    : [];
  return (
    <Stack spacing={2}>
      <Section title="Requester">
        <Field
          label="Requested by"
          value={`${detail.createdByUser.fullName} (${detail.createdByUser.email})`}
        />
        <Field label="Created date" value={formatDateTime(detail.createdDate, timeZone)} />
      </Section>
      <Section title="User">
        <Field label="Name" value={detail.requestUser.fullName} />
        <Field label="Primary email" value={detail.requestUser.email} />
        <Field label="Title" value={detail.requestUser.title} />
        <Field label="Department" value={detail.requestUser.department} />
        <Field label="Location" value={detail.requestUser.locationCountry} />
        <Field label="User type" value={detail.isInternal ? 'Internal' : 'External'} />
      </Section>
      <Section title="Platform Access">
        <Field label="Request type" value={detail.requestTypeName} />
        <Field label="Region / Market" value={`${detail.regionName} / ${detail.marketName}`} />
        <Field label="Agency / Practice" value={`${detail.agencyName} / ${detail.practiceName}`} />
        <Field label="Platform" value={detail.platformName} />
        <Field
          label="Platform user type"
          value={detail.platformUserTypeName}
          isRed={isAdministratorUserType(detail.platformUserType.basicName)}
        />
        <Field
          label="Platform email"
          value={
            detail.emailAddedBy
              ? `${detail.email} (${messages.emailAddedBy(detail.emailAddedBy.fullName)})`
              : detail.email
          }
        />
        <Field label="Access date" value={detail.accessDate} isRed={detail.isExpired} />
        <Field label="Urgent" value={detail.isUrgent ? 'Urgent' : 'No'} isRed={detail.isUrgent} />
      </Section>
      <Section title="Selected Account">
        <Field label="Client" value={detail.clientName} />
        <Field label="Client code" value={detail.clientCodeName} />
        <Field label="Asset type" value={detail.assetName} />
        <Field label="Asset name" value={detail.clientAccountName} />
        <Field label="Asset reference" value={detail.assetReference} />
      </Section>
      <Section title="Comments">
        <Field label="Requestor comment" value={detail.comments} />
        {detail.sameAccessAs !== null && (
          <Typography variant="body2" sx={{ gridColumn: '1 / -1', fontStyle: 'italic' }}>
            {messages.sameAccessRequestedAs(detail.sameAccessAs)}
          </Typography>
        )}
        {detail.approverComment && <Field label="Approver comment" value={detail.approverComment} />}
      </Section>
      {changes && (
        <Section title="Changes">
          {changeKeys.map((key) => (
            <Field
              key={key}
              label={key}
              value={`${changeText(key, changes.before[key])} → ${changeText(key, changes.after[key])}`}
            />
          ))}
        </Section>
      )}
      <Section title="Approver and Provisioner Details">
        {[...detail.approvers, ...detail.provisioners].map((p) => (
          <Field key={`${p.role}-${p.email}`} label={p.role} value={`${p.fullName} (${p.email})`} />
        ))}
        {detail.approvers.length + detail.provisioners.length === 0 && (
          <Field label="Approval path" value={messages.noApprovalPath} />
        )}
      </Section>
    </Stack>
  );
}
