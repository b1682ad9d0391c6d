import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { limits, messages, type MasterDataRow, type MasterDataType } from '@uap/domain';
import {
  fetchExistingPlatform,
  useClientCodes,
  useMasterDataWrite,
  usePlatformWithAssets,
} from '../../api/master-data.ts';
import { DialogError, useDialogError } from '../../components/DialogError.tsx';
import { failureText } from '../../components/forms/failure-text.ts';
import { AssetTypesEditor } from './AssetTypesEditor.tsx';
import { ClientCodesEditor } from './ClientCodesEditor.tsx';
import { buildAdd, buildUpdate, formOf, type MasterDataForm, type Parents } from './master-data-form.ts';

const platformLevel = 'platform';

/**
 * 'Add New {type}' / 'Modify {type}' (spec 3 §2.1, §5): the fields of the type, checked with the
 * server's own schema before sending ('Fill all fields', the maximum lengths, the client code
 * rules); the server's answer is the spec's 'saved!' / 'updated!' message.
 */
export function MasterDataDialog(props: {
  type: MasterDataType;
  row: MasterDataRow | null;
  parents: Parents;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { type, row, parents } = props;
  const [form, setForm] = useState<MasterDataForm>(() => formOf(row));
  const [error, setError] = useDialogError();
  const save = useMasterDataWrite();
  const set = (change: Partial<MasterDataForm>) => setForm((f) => ({ ...f, ...change }));
  // The asset type select: an id, the platform level (no asset type) or nothing chosen yet.
  const [assetChoice, setAssetChoice] = useState(() =>
    row ? (row.assetId === null ? platformLevel : String(row.assetId)) : '',
  );

  const platformId = row?.platformId ?? parents.platformId;
  const needsPlatform = type === 'Platform' || type === 'Client Asset' || type === 'Platform User Type';
  const platform = usePlatformWithAssets(needsPlatform ? platformId : null);
  const codes = useClientCodes(type === 'Client - Client Code' && row ? row.id : null);

  // A modified platform's asset types and a modified client's codes come with their reads.
  const [loadedFrom, setLoadedFrom] = useState<unknown>(null);
  if (row && type === 'Platform' && platform.data && loadedFrom !== platform.data) {
    setLoadedFrom(platform.data);
    const p = platform.data;
    set({
      bussinesAccessId: p.bussinesAccessId ?? '',
      bussinesAccessName: p.bussinesAccessName ?? '',
      businessAccess: p.businessAccess,
      assets: p.assets.map((a) => ({
        assetId: a.assetId,
        description: a.description,
        assetName: a.assetName,
        isSystemRecord: a.isSystemRecord,
        isDeleted: a.isDeleted,
      })),
    });
  }
  if (row && type === 'Client - Client Code' && codes.data && loadedFrom !== codes.data) {
    setLoadedFrom(codes.data);
    set({
      clientCodes: codes.data.map((c) => ({
        clientCodeId: c.clientCodeId,
        code: c.code,
        isDeleted: c.isDeleted,
        isRemoved: false,
      })),
    });
  }
  // A new platform whose name exists already reuses that platform (ValidatePlatform): show what it has.
  const [reused, setReused] = useState<string | null>(null);
  const checkExistingPlatform = async () => {
    const name = form.description.trim();
    if (row || type !== 'Platform' || name === '') {
      return;
    }
    try {
      const existing = await fetchExistingPlatform(name);
      setReused(existing ? existing.description : null);
      if (existing) {
        set({
          businessAccess: existing.businessAccess,
          bussinesAccessName: existing.bussinesAccessName ?? '',
          bussinesAccessId: existing.bussinesAccessId ?? '',
          assets: existing.assets.map((a) => ({
            assetId: a.assetId,
            description: a.description,
            assetName: a.assetName,
            isSystemRecord: a.isSystemRecord,
            isDeleted: a.isDeleted,
          })),
        });
      }
    } catch {
      // The check only helps: saving still works (and the server reuses the platform anyway).
      setReused(null);
    }
  };
  const isLoading =
    row !== null &&
    ((type === 'Platform' && !platform.data) || (type === 'Client - Client Code' && !codes.data));

  const assetTypes = (platform.data?.assets ?? []).filter((a) => !a.isDeleted || a.assetId === form.assetId);
  const selectedAsset = assetTypes.find((a) => a.assetId === form.assetId);

  const handleSave = () => {
    const needsAssetType = type === 'Client Asset' || type === 'Platform User Type';
    const isMissingAssetId =
      type === 'Client Asset' && !selectedAsset?.isSystemRecord && form.assetReference.trim() === '';
    if ((needsAssetType && assetChoice === '') || isMissingAssetId) {
      setError(messages.fillAllFields);
      return;
    }
    const built = row ? buildUpdate(row, form) : buildAdd(type, form, parents);
    if ('error' in built) {
      setError(built.error);
      return;
    }
    setError(null);
    save.mutate(built.write, {
      onSuccess: props.onDone,
      onError: (failure) => {
        setError(failureText(failure));
      },
    });
  };

  const title = row ? `Modify ${type}` : `Add New ${type}`;
  const descriptionMax = type === 'Client Asset' ? limits.clientAssetName : limits.masterDataName;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="master-data-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="master-data-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <DialogError error={error} />
        {isLoading ? (
          <CircularProgress aria-label="Loading" />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {(type === 'Platform' || type === 'Platform User Type') && (
              <Alert severity="info">{messages.platformOrderReminder}</Alert>
            )}
            <TextField
              label={type === 'Client Asset' ? 'Client asset name' : 'Description'}
              required
              value={form.description}
              slotProps={{ htmlInput: { maxLength: descriptionMax } }}
              onChange={(e) => set({ description: e.target.value })}
              onBlur={() => void checkExistingPlatform()}
            />
            {reused !== null && <Alert severity="info">{messages.platformReused(reused)}</Alert>}
            {type === 'Market' && (
              <TextField
                label="Code"
                required
                value={form.code}
                slotProps={{ htmlInput: { maxLength: limits.marketCode } }}
                onChange={(e) => set({ code: e.target.value })}
              />
            )}
            {type === 'Platform' && (
              <>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form.businessAccess}
                      onChange={(e) => set({ businessAccess: e.target.checked })}
                    />
                  }
                  label="Business access"
                />
                {form.businessAccess && (
                  <>
                    <TextField
                      label="Business access asset name"
                      required
                      value={form.bussinesAccessName}
                      slotProps={{ htmlInput: { maxLength: limits.assetName } }}
                      onChange={(e) => set({ bussinesAccessName: e.target.value })}
                    />
                    <TextField
                      label="Business access ID"
                      value={form.bussinesAccessId}
                      slotProps={{ htmlInput: { maxLength: limits.assetId } }}
                      onChange={(e) => set({ bussinesAccessId: e.target.value })}
                    />
                  </>
                )}
                <AssetTypesEditor
                  assets={form.assets}
                  onChange={(assets) => set({ assets })}
                  onError={setError}
                />
              </>
            )}
            {type === 'Platform User Type' && (
              <TextField
                label="Normalized User Type"
                required
                value={form.basicName}
                slotProps={{ htmlInput: { maxLength: limits.masterDataName } }}
                onChange={(e) => set({ basicName: e.target.value })}
              />
            )}
            {(type === 'Platform User Type' || type === 'Client Asset') && (
              <TextField
                select
                label="Asset type"
                required
                value={assetChoice}
                onChange={(e) => {
                  setAssetChoice(e.target.value);
                  set({ assetId: e.target.value === platformLevel ? null : Number(e.target.value) });
                }}
              >
                {assetTypes.map((a) => (
                  <MenuItem key={a.assetId} value={String(a.assetId)}>
                    {a.description}
                    {a.isDeleted ? ' (Inactive)' : ''}
                  </MenuItem>
                ))}
                {type === 'Platform User Type' && platform.data?.businessAccess && (
                  <MenuItem value={platformLevel}>
                    None: {platform.data.bussinesAccessName ?? 'business access'} (platform level)
                  </MenuItem>
                )}
              </TextField>
            )}
            {type === 'Client Asset' && (
              <TextField
                label="Asset ID"
                required={!selectedAsset?.isSystemRecord}
                value={form.assetReference}
                slotProps={{ htmlInput: { maxLength: limits.assetId } }}
                onChange={(e) => set({ assetReference: e.target.value })}
              />
            )}
            {type === 'Client - Client Code' && (
              <ClientCodesEditor
                codes={form.clientCodes}
                onChange={(clientCodes) => set({ clientCodes })}
                onError={setError}
              />
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={handleSave} disabled={save.isPending || isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
