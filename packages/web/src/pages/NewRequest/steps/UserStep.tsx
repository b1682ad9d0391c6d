import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { messages, type UserSearchItem } from '@uap/domain';
import {
  useSaveExternalUserMutation,
  useUpdateUserMutation,
  useUserSearchMutation,
} from '../../../api/profiles.ts';
import { useCurrentUser } from '../../../session/current-user.ts';
import {
  detailsOf,
  emptyDetails,
  requestUserOf,
  userDetailsSchema,
  type Manager,
  type RequestUser,
  type UserDetails,
} from '../wizard-state.ts';
import { RequestEmailSelect } from './RequestEmailSelect.tsx';
import { UserDetailsForm } from './UserDetailsForm.tsx';
import { UserSearchField } from '../../../components/UserSearchDialog/UserSearchField.tsx';
import { WhoForChoice, type WhoFor } from './WhoForChoice.tsx';
import { DisabledReason } from '../../../components/DisabledReason.tsx';

/** What step 0 hands to the next steps. */
export interface CompletedUser {
  userId: number;
  /** The request's platform email. */
  email: string;
  isInternal: boolean;
  manager: Manager | null;
}

/** Step 0, User Information: who the request is for, their details, manager and email. */
export function UserStep({
  onComplete,
  onReset,
}: {
  onComplete: (u: CompletedUser) => void;
  onReset: () => void;
}) {
  const { user: me } = useCurrentUser();
  const [whoFor, setWhoFor] = useState<WhoFor>({ isForMe: null, isInternal: null });
  const [subject, setSubject] = useState<RequestUser | null>(null);
  const [manager, setManager] = useState<Manager | null>(null);
  const [emailSelected, setEmailSelected] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const isMeOrInternal = whoFor.isForMe === true || whoFor.isInternal === true;
  const form = useForm<UserDetails>({
    resolver: zodResolver(userDetailsSchema(isMeOrInternal)),
    defaultValues: emptyDetails,
  });
  const lookup = useUserSearchMutation();
  const updateUser = useUpdateUserMutation();
  const saveExternal = useSaveExternalUserMutation();

  const takeUser = (next: RequestUser, details: UserDetails) => {
    setSubject(next);
    setManager(next.manager);
    setEmailSelected(next.email);
    setAlert(null);
    form.reset(details);
  };
  const handleWhoFor = (next: WhoFor) => {
    setWhoFor(next);
    setSubject(null);
    setManager(null);
    setEmailSelected('');
    form.reset(emptyDetails);
    if (next.isForMe) {
      takeUser(
        {
          userId: me.userId,
          email: me.email,
          isInternal: true,
          manager: null,
          additionalEmails: me.userAditionalEmail.filter((e) => !e.isDeleted).map((e) => e.email),
        },
        detailsOf(me),
      );
      // The signed-in profile carries no manager: the directory has it.
      lookup.mutate(
        { value: me.email, isInternal: true },
        { onSuccess: (hits) => setManager(hits[0]?.manager ?? null), onError: () => setManager(null) },
      );
    }
  };
  const handlePick = (item: UserSearchItem) => {
    takeUser(requestUserOf(item), detailsOf(item));
  };
  const handleNewExternal = (email: string) => {
    takeUser({ userId: null, email, isInternal: false, manager: null, additionalEmails: [] }, emptyDetails);
  };

  const values = form.watch();
  const hasEmail = subject !== null && emailSelected !== '';
  const hasFields =
    (['Name', 'LastName', 'Title', 'Organization', 'Department', 'LocationCountry'] as const).every(
      (k) => (values[k] ?? '').trim() !== '',
    ) &&
    (!isMeOrInternal || (values.OfficeNumber ?? '').trim() !== '');
  const hasManager = !isMeOrInternal || manager !== null;
  const isComplete = hasEmail && hasFields && hasManager;

  // Why Next is greyed out, said on the button: only what is still missing.
  const nextBlocker = isComplete
    ? null
    : hasEmail && hasFields
      ? messages.nextNeedsManager
      : messages.nextNeeds({ fields: !hasFields, email: !hasEmail, manager: !hasManager });

  const finish = (userId: number) => {
    onComplete({ userId, email: emailSelected, isInternal: subject?.isInternal ?? false, manager });
  };
  const handleNext = form.handleSubmit(
    (details) => {
      if (!subject) {
        return;
      }
      const fields = { ...details, OfficeNumber: details.OfficeNumber ?? '' };
      if (subject.isInternal) {
        updateUser.mutate(
          {
            ...fields,
            userId: subject.userId ?? 0,
            Email: subject.email,
            isInternal: true,
            ManagerEmail: manager?.mail ?? null,
            ManagerName: manager?.displayName ?? null,
          },
          { onSuccess: (saved) => finish(saved.userId) },
        );
      } else if (subject.userId === null) {
        saveExternal.mutate(
          { ...fields, Email: subject.email },
          { onSuccess: (saved) => finish(saved.userId) },
        );
      } else {
        finish(subject.userId);
      }
    },
    (errors) => {
      const first = Object.values(errors)[0];
      setAlert(first?.message ?? messages.completeRequiredFields);
    },
  );

  const isSearching = whoFor.isForMe === false && whoFor.isInternal !== null;
  return (
    <Box>
      <WhoForChoice value={whoFor} onChange={handleWhoFor} />
      {isSearching && (
        <Box sx={{ mb: 2, maxWidth: 560 }}>
          <UserSearchField
            key={whoFor.isInternal ? 'internal' : 'external'}
            label={whoFor.isInternal ? 'Corporate email or full name' : 'External user email'}
            buttonLabel="Search"
            isInternal={whoFor.isInternal === true}
            dialogTitle="Select User"
            onPick={handlePick}
            onNotFound={handleNewExternal}
          />
        </Box>
      )}
      {subject && (
        <Box component="section" aria-label="User details" sx={{ maxWidth: 720 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {subject.email}
          </Typography>
          <UserDetailsForm control={form.control} isPhoneRequired={isMeOrInternal} isDisabled={false} />
          {isMeOrInternal && (
            <Box sx={{ mt: 2 }}>
              <UserSearchField
                label="Manager email or name"
                buttonLabel="Search manager"
                isInternal
                dialogTitle="Select a manager"
                onPick={(item) => {
                  setManager(item.mail ? { displayName: item.displayName, mail: item.mail } : null);
                }}
              />
              <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
                Manager: {manager ? `${manager.displayName} (${manager.mail})` : 'none selected'}
              </Typography>
            </Box>
          )}
          <RequestEmailSelect
            emails={[subject.email, ...subject.additionalEmails]}
            value={emailSelected}
            userId={subject.userId}
            isSingleSignOnHint={isMeOrInternal}
            onChange={setEmailSelected}
            onLinked={(email) => {
              setSubject({ ...subject, additionalEmails: [...subject.additionalEmails, email] });
              setEmailSelected(email);
            }}
            onRemoved={(email) => {
              setSubject({
                ...subject,
                additionalEmails: subject.additionalEmails.filter((e) => e !== email),
              });
              if (emailSelected === email) {
                setEmailSelected(subject.email);
              }
            }}
          />
        </Box>
      )}
      {alert && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {alert}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 3 }}>
        <Button variant="outlined" onClick={onReset}>
          Back
        </Button>
        <DisabledReason reason={nextBlocker}>
          <Button
            variant="contained"
            onClick={() => void handleNext()}
            disabled={!isComplete || updateUser.isPending || saveExternal.isPending}
          >
            Next
          </Button>
        </DisabledReason>
      </Box>
    </Box>
  );
}
