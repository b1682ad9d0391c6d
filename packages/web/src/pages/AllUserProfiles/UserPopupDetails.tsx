import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messages, type PopupUser } from '@uap/domain';
import { useAdditionalEmailsOf } from '../../api/user-popup.ts';

/** What the profile's state is: deleted, merged into another profile, or active. */
function stateOf(user: PopupUser): string {
  if (user.isDeleted) {
    return 'Deleted';
  }
  if (user.isChild && user.mergedUserId !== null) {
    return messages.mergedIntoMark(user.mergedUserId);
  }
  return 'Active';
}

/** The chosen person's details in the user-details popup, as labelled pairs (spec 3 §3 user profile). */
export function UserPopupDetails({ user, createdDate }: { user: PopupUser; createdDate: string }) {
  const fullName = `${user.name} ${user.lastName}`;
  const pairs: [string, string | null][] = [
    ['UAP Id', String(user.userId)],
    ['First Name', user.name],
    ['Last Name', user.lastName],
    ['Primary Email', user.email],
    ['User Type', user.userType],
    ['Role Name', user.roleName],
    ['Status', stateOf(user)],
    ['Title', user.title],
    ['Organization', user.organization],
    ['Department', user.department],
    ['Location', user.locationCountry],
    ['Phone Number', user.officeNumber],
    ['Employee Id', user.employeeId],
    ['Parent GUID', user.parentGUID],
    ['Child GUID', user.childGUID],
    ['Created Date', createdDate],
  ];
  return (
    <Box component="section" aria-label={`Details of ${fullName}`}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {fullName}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {pairs.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </Box>
        ))}
      </Box>
      <AdditionalEmails userId={user.userId} />
    </Box>
  );
}

/** The person's additional emails (GET api/User/GetAllAdditionalEmails), deactivated ones marked. */
function AdditionalEmails({ userId }: { userId: number }) {
  const emails = useAdditionalEmailsOf(userId);
  const rows = emails.data?.emails ?? [];
  const hidden = (emails.data?.totalCount ?? 0) - rows.length;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" id={`additional-emails-${userId}`}>
        Additional Emails
      </Typography>
      {emails.isPending ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{messages.userPopupNoAdditionalEmails}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={`additional-emails-${userId}`}
          sx={{ m: 0, pl: 2.5, '& li': { overflowWrap: 'anywhere' } }}
        >
          {rows.map((e) => (
            <li key={e.id}>{e.isDeleted ? `${e.email} (deactivated)` : e.email}</li>
          ))}
        </Box>
      )}
      {hidden > 0 && <Typography color="text.secondary">{messages.userPopupMoreEmails(hidden)}</Typography>}
    </Box>
  );
}
