import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import { PLATFORM_OWNERSHIP_ID, commentField, messages, type Platform } from '@uap/domain';
import { ApiError } from '../../api/client.ts';
import { useFieldErrors } from '../../components/FieldErrors.tsx';
import { CommentAndUrgent, useCommentAndUrgent } from '../../components/forms/CommentsField.tsx';
import { duplicateRecordIdOf, type Outcome } from './OutcomeDialog.tsx';
import { useClientsQuery, useUserTypesQuery } from '../../api/catalog.ts';
import { useCreateRequestMutation } from '../../api/create-request.ts';
import { AccessDates } from './AccountRowFields.tsx';
import type { CompletedUser } from './steps/UserStep.tsx';

export interface PathIds {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
}

/** The platform business-access modal (spec 1 §2.3): one platform-level line. */
export function BusinessAccessDialog(props: {
  platform: Platform;
  path: PathIds;
  user: CompletedUser;
  onDone: (outcome: Outcome) => void;
  onCancel: () => void;
}) {
  const { platform, path, user } = props;
  const accessName = platform.bussinesAccessName ?? 'Business';
  const [userTypeId, setUserTypeId] = useState<number | ''>('');
  const [isUnlimited, setIsUnlimited] = useState(true);
  const [dates, setDates] = useState({ start: '', end: '' });
  const note = useCommentAndUrgent();
  const fields = useFieldErrors<'comments'>();
  const [isListingClients, setIsListingClients] = useState(false);
  const userTypes = useUserTypesQuery(platform.platformId, null);
  const clients = useClientsQuery(isListingClients ? platform.platformId : null, path.agencyId);
  const create = useCreateRequestMutation();
  const canSubmit = userTypeId !== '' && (isUnlimited || (dates.start !== '' && dates.end !== ''));

  const handleSubmit = () => {
    if (!user.isInternal && platform.isBusinessAccessInternalOnly) {
      props.onDone({ message: messages.metaExternalRefused, recordId: null, isGoingHome: true });
      return;
    }
    // The comment rule's message under the box, which is scrolled to and focused.
    if (!fields.showIssues(commentField.safeParse(note.comments), { '': 'comments' }).ok) {
      return;
    }
    create.mutate(
      {
        UserId: user.userId,
        Email: user.email,
        IsInternal: user.isInternal,
        ManagerEmail: user.isInternal ? (user.manager?.mail ?? null) : null,
        ManagerName: user.isInternal ? (user.manager?.displayName ?? null) : null,
        Comments: note.comments,
        RegionId: path.regionId,
        MarketId: path.marketId,
        AgencyId: path.agencyId,
        PracticeId: path.practiceId,
        PlatformId: platform.platformId,
        PlatformOwnerShipId: PLATFORM_OWNERSHIP_ID,
        isPlaformRequest: true,
        IsUrgent: note.isUrgent,
        RequestAccountAccess: [
          {
            PlatformUserTypeId: Number(userTypeId),
            isUnlimitedAccess: isUnlimited,
            BeginningDate: isUnlimited ? null : dates.start,
            ExpirationDate: isUnlimited ? null : dates.end,
          },
        ],
      },
      {
        onSuccess: ({ requestIds }) => {
          props.onDone({
            // The spec's instruction to go on stays on screen until read; it names the request.
            message: `${messages.requestsSubmitted(requestIds)} ${messages.businessAccessSubmitted}`,
            recordId: null,
            isGoingHome: false,
          });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : messages.serverError;
          props.onDone({
            message,
            recordId: duplicateRecordIdOf(error),
            isGoingHome: message === messages.metaExternalRefused,
          });
        },
      },
    );
  };

  return (
    <Dialog open aria-labelledby="business-access-title" fullWidth maxWidth="sm">
      <DialogTitle id="business-access-title">{`Select the ${platform.description} ${accessName} Access Details`}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText>
          No {accessName} account was found for {user.email}. The {accessName} holds the clients listed{' '}
          <Link
            component="button"
            type="button"
            onClick={() => {
              setIsListingClients(!isListingClients);
            }}
          >
            Here
          </Link>
          .
        </DialogContentText>
        {isListingClients && (
          <List dense aria-label={`${accessName} clients`}>
            {clients.data?.map((c) => (
              <ListItem key={c.clientId}>{c.description}</ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
          <FormControl size="small" fullWidth>
            <InputLabel id="business-user-type">Platform User Type</InputLabel>
            <Select
              labelId="business-user-type"
              label="Platform User Type"
              value={userTypeId}
              onChange={(e) => {
                setUserTypeId(Number(e.target.value));
              }}
            >
              {userTypes.data?.map((t) => (
                <MenuItem key={t.platformUserTypeId} value={t.platformUserTypeId}>
                  {t.description}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControlLabel
            label="Unlimited"
            control={
              <Switch
                checked={isUnlimited}
                onChange={(e) => {
                  setIsUnlimited(e.target.checked);
                  setDates({ start: '', end: '' });
                }}
              />
            }
          />
          {!isUnlimited && <AccessDates start={dates.start} end={dates.end} onChange={setDates} />}
          <CommentAndUrgent state={note} fields={fields} name="comments" />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!canSubmit || create.isPending} onClick={handleSubmit}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
