import { useState } from 'react';
import Box from '@mui/material/Box';
import { messages, type AdminRegionTableRow } from '@uap/domain';
import { useSaveAdministrator } from '../../api/administrators.ts';
import { useAdminScopePairs } from '../../api/admin-scope.ts';
import { useMarketsQuery, useRegionsQuery } from '../../api/catalog.ts';
import { FormDialog, useFormDialog } from '../../components/FormDialog.tsx';
import { OptionSelect } from '../../components/forms/OptionSelect.tsx';
import { PersonField, type Person } from '../../components/UserSearchDialog/PersonField.tsx';

/**
 * Add or edit an administrator (spec 3 §2.3, §5): a user, a region and a market; Save is enabled
 * once all three are chosen and, on edit, one of them changed. An admin is offered only the
 * (region, market) pairs of its own scope.
 */
export function AdministratorDialog(props: {
  row: AdminRegionTableRow | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { row } = props;
  const scope = useAdminScopePairs();
  const [regionId, setRegionId] = useState<number | null>(row?.regionId ?? null);
  const [marketId, setMarketId] = useState<number | null>(row?.marketId ?? null);
  const [person, setPerson] = useState<Person | null>(
    row ? { userId: row.userId, label: `${row.name} (${row.email})` } : null,
  );
  const save = useSaveAdministrator();
  const { frame, setError, showFailure } = useFormDialog(save.isPending, props.onClose);
  const regions = useRegionsQuery();
  const markets = useMarketsQuery(regionId);
  const inScope = (pick: (pair: { regionId: number; marketId: number }) => boolean) =>
    scope ? scope.some(pick) : true;

  const isComplete = person !== null && regionId !== null && marketId !== null;
  const isChanged =
    !row || row.userId !== person?.userId || row.regionId !== regionId || row.marketId !== marketId;
  const saveBlocker = !isComplete
    ? messages.adminNeedsUserRegionMarket
    : isChanged
      ? null
      : messages.adminNothingChanged;

  const handleSave = () => {
    setError(null);
    save.mutate(
      {
        ...(row ? { adminRegionId: row.adminRegionId } : {}),
        userId: person?.userId ?? null,
        regionId,
        marketId,
      },
      {
        onSuccess: (answer) => props.onDone(answer.message),
        onError: showFailure,
      },
    );
  };

  return (
    <FormDialog
      title={row ? 'Edit Administrator' : 'Add New Administrator'}
      {...frame}
      submitLabel="Save"
      submitReason={saveBlocker}
      onSubmit={handleSave}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <OptionSelect
          idPrefix="admin"
          label="Region"
          value={regionId}
          options={regions.data
            ?.filter((r) => inScope((p) => p.regionId === r.regionId))
            .map((r) => ({ id: r.regionId, label: r.description }))}
          onChange={(id) => {
            setRegionId(id);
            setMarketId(null);
          }}
        />
        <OptionSelect
          idPrefix="admin"
          label="Market"
          value={marketId}
          options={
            regionId === null
              ? undefined
              : markets.data
                  ?.filter((m) => inScope((p) => p.regionId === regionId && p.marketId === m.marketId))
                  .map((m) => ({ id: m.marketId, label: m.description }))
          }
          onChange={setMarketId}
        />
        <PersonField role="Administrator" person={person} onPick={setPerson} onError={setError} />
      </Box>
    </FormDialog>
  );
}
