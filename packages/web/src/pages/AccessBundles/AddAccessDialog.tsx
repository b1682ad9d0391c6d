import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { messages, type ClientAccount } from '@uap/domain';
import {
  useClientAccountsQuery,
  useClientsQuery,
  usePlatformsQuery,
  usePracticesQuery,
  useUserTypesQuery,
} from '../../api/catalog.ts';
import { ReasonButton } from '../../components/ReasonButton.tsx';
import { newItemKey, type BundleItemDraft } from './bundle-form.ts';

interface Choice {
  practiceId: number | null;
  platformId: number | null;
  isPlatformRequest: boolean;
  clientId: number | null;
  assetId: number | null;
  accounts: ClientAccount[];
  platformUserTypeId: number | null;
}

const emptyChoice: Choice = {
  practiceId: null,
  platformId: null,
  isPlatformRequest: false,
  clientId: null,
  assetId: null,
  accounts: [],
  platformUserTypeId: null,
};

/** A labelled select of numbered options, disabled while they load (undefined) or when told. */
function PickSelect(props: {
  label: string;
  value: number | null;
  options: { id: number; label: string }[] | undefined;
  isDisabled?: boolean;
  onChange: (id: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={props.label}
      value={props.options && props.value !== null ? props.value : ''}
      disabled={(props.isDisabled ?? false) || !props.options}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {props.options?.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One access of a bundle, picked as the wizard's Add Account(s) picks it on the bundle's agency:
 * practice → platform → client → asset type → asset name(s) → user type (a change clears what is
 * below it). Several asset names become one access each. A platform with business access may
 * instead name its business access: the platform and a platform-level user type.
 */
export function AddAccessDialog(props: {
  agencyId: number;
  onAdd: (items: BundleItemDraft[]) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const { agencyId } = props;
  const [c, setChoice] = useState<Choice>(emptyChoice);
  const practices = usePracticesQuery(agencyId);
  const platforms = usePlatformsQuery(agencyId, c.practiceId);
  const platform = platforms.data?.find((p) => p.platformId === c.platformId);
  const clients = useClientsQuery(c.isPlatformRequest ? null : c.platformId, agencyId);
  const asset = platform?.assets.find((a) => a.assetId === c.assetId);
  const isSystemAsset = asset?.isSystemRecord ?? false;
  const accounts = useClientAccountsQuery(isSystemAsset ? null : c.clientId, c.assetId);
  // The asset type's user types, or a business access's platform-level ones.
  const userTypes = useUserTypesQuery(
    c.isPlatformRequest || c.assetId !== null ? c.platformId : null,
    c.isPlatformRequest ? null : c.assetId,
  );
  // Without a client only agency-level asset types can be named (they need no asset names).
  const assetTypes = platform?.assets.filter(
    (a) => !a.isDeleted && (c.clientId !== null || a.isSystemRecord),
  );

  const isComplete =
    c.practiceId !== null &&
    c.platformId !== null &&
    c.platformUserTypeId !== null &&
    (c.isPlatformRequest || (c.assetId !== null && (isSystemAsset || c.accounts.length > 0)));

  const handleAdd = () => {
    if (!isComplete || !platform) {
      return;
    }
    const practice = practices.data?.find((p) => p.practice.practiceId === c.practiceId)?.practice
      .description;
    const client = clients.data?.find((x) => x.clientId === c.clientId)?.description;
    const userType = userTypes.data?.find((t) => t.platformUserTypeId === c.platformUserTypeId)?.description;
    const base = {
      PracticeId: c.practiceId ?? 0,
      PlatformId: platform.platformId,
      PlatformUserTypeId: c.platformUserTypeId ?? 0,
      IsPlatformRequest: c.isPlatformRequest,
    };
    const named = (...names: (string | null | undefined)[]) =>
      names.filter((n): n is string => n !== null && n !== undefined && n !== '');
    if (c.isPlatformRequest) {
      props.onAdd([
        {
          key: newItemKey(),
          item: { ...base, ClientId: null, AssetId: null, ClientAccountId: null },
          names: named(practice, platform.description, platform.bussinesAccessName ?? 'Business', userType),
          unavailable: null,
        },
      ]);
      return;
    }
    const accountsOrNone: (ClientAccount | null)[] = isSystemAsset ? [null] : c.accounts;
    props.onAdd(
      accountsOrNone.map((account) => ({
        key: newItemKey(),
        item: {
          ...base,
          ClientId: c.clientId,
          AssetId: c.assetId,
          ClientAccountId: account?.clientAccountId ?? null,
        },
        names: named(
          practice,
          platform.description,
          client,
          asset?.description,
          account?.description,
          userType,
        ),
        unavailable: null,
      })),
    );
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Add access</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <PickSelect
            label="Practice"
            value={c.practiceId}
            options={practices.data?.map((p) => ({
              id: p.practice.practiceId,
              label: p.practice.description,
            }))}
            onChange={(practiceId) => setChoice({ ...emptyChoice, practiceId })}
          />
          <PickSelect
            label="Platform"
            value={c.platformId}
            isDisabled={c.practiceId === null}
            options={platforms.data?.map((p) => ({ id: p.platformId, label: p.description }))}
            onChange={(platformId) => setChoice({ ...emptyChoice, practiceId: c.practiceId, platformId })}
          />
          {platform?.businessAccess && (
            <FormControlLabel
              label={`${platform.bussinesAccessName ?? 'Business'} access (platform level)`}
              control={
                <Checkbox
                  checked={c.isPlatformRequest}
                  onChange={(e) =>
                    setChoice({
                      ...emptyChoice,
                      practiceId: c.practiceId,
                      platformId: c.platformId,
                      isPlatformRequest: e.target.checked,
                    })
                  }
                />
              }
            />
          )}
          {!c.isPlatformRequest && (
            <>
              <PickSelect
                label="Client"
                value={c.clientId}
                isDisabled={c.platformId === null}
                options={clients.data?.map((x) => ({ id: x.clientId, label: x.description }))}
                onChange={(clientId) =>
                  setChoice({ ...c, clientId, assetId: null, accounts: [], platformUserTypeId: null })
                }
              />
              <PickSelect
                label="Asset Type"
                value={c.assetId}
                isDisabled={c.platformId === null}
                options={assetTypes?.map((a) => ({ id: a.assetId, label: a.description }))}
                onChange={(assetId) => setChoice({ ...c, assetId, accounts: [], platformUserTypeId: null })}
              />
              {!isSystemAsset && (
                <Autocomplete<ClientAccount, true, false, false>
                  multiple
                  disableCloseOnSelect
                  size="small"
                  disabled={c.assetId === null || c.clientId === null}
                  options={accounts.data ?? []}
                  value={c.accounts}
                  getOptionLabel={(o) =>
                    o.assetReference ? `${o.description} (${o.assetReference})` : o.description
                  }
                  isOptionEqualToValue={(a, b) => a.clientAccountId === b.clientAccountId}
                  onChange={(_e, picked) => setChoice({ ...c, accounts: picked })}
                  renderInput={(params) => (
                    <TextField {...params} label="Select Asset Name" placeholder="Search name or ID" />
                  )}
                />
              )}
            </>
          )}
          <PickSelect
            label="Platform User Type"
            value={c.platformUserTypeId}
            isDisabled={c.platformId === null || (!c.isPlatformRequest && c.assetId === null)}
            options={userTypes.data?.map((t) => ({ id: t.platformUserTypeId, label: t.description }))}
            onChange={(platformUserTypeId) => setChoice({ ...c, platformUserTypeId })}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <ReasonButton
          variant="contained"
          reason={isComplete ? null : messages.completeRequiredFields}
          onClick={handleAdd}
        >
          Add
        </ReasonButton>
      </DialogActions>
    </Dialog>
  );
}
