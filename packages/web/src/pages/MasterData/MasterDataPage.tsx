import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  masterDataItemsTable,
  masterDataTypes,
  messages,
  type MasterDataRow,
  type MasterDataTable,
  type MasterDataType,
} from '@uap/domain';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { useDeclaredTable } from '../../components/DataTable/use-declared-table.ts';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { ItemActionDialog, type ItemActionKind } from './ItemActionDialog.tsx';
import { MasterDataDialog } from './MasterDataDialog.tsx';
import { MasterDataLogDialog } from './MasterDataLogDialog.tsx';
import { MasterDataUpload } from './MasterDataUpload.tsx';
import { ParentSelectors } from './ParentSelectors.tsx';
import { ReassignItemsDialog } from './ReassignItemsDialog.tsx';
import { masterDataActionsColumn, masterDataCells, type RowAction } from './master-data-columns.tsx';
import { addNeeds, levelLabel, levelsOf, noParents, parentLevels, type Parents } from './master-data-form.ts';

/** The address names the type (`type`) and the chosen parents (`region`, `market`, …). */
const paramOf = {
  regionId: 'region',
  marketId: 'market',
  agencyId: 'agency',
  practiceId: 'practice',
  platformId: 'platform',
  clientId: 'client',
} as const;

function typeOf(params: URLSearchParams): MasterDataType {
  const type = params.get('type');
  return (masterDataTypes as readonly string[]).includes(type ?? '') ? (type as MasterDataType) : 'Region';
}

function parentsOf(params: URLSearchParams, type: MasterDataType): Parents {
  const parents: Parents = { ...noParents };
  for (const level of levelsOf[type]) {
    const id = Number(params.get(paramOf[level]));
    parents[level] = Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return parents;
}

/** Only the screen's own params: a new type or parent starts the table afresh. */
function screenParams(type: MasterDataType, parents: Parents): URLSearchParams {
  const next = new URLSearchParams({ type });
  for (const level of parentLevels) {
    const id = parents[level];
    if (id !== null && levelsOf[type].includes(level)) {
      next.set(paramOf[level], String(id));
    }
  }
  return next;
}

type OpenDialog =
  | { kind: 'edit'; row: MasterDataRow | null }
  | { kind: 'action'; action: ItemActionKind; row: MasterDataRow }
  | { kind: 'history'; row: MasterDataRow }
  | { kind: 'reassign' }
  | null;

const idOf = (row: MasterDataRow) => row.id;

/** Why the caller may not add an item of this type under the chosen parents (the server said no). */
function addRefusalOf(type: MasterDataType): string {
  const parent = addNeeds[type][0];
  return parent === undefined
    ? messages.masterDataWriteNotAllowed(type)
    : messages.masterDataAddOutsideScope(type, levelLabel[parent].toLowerCase());
}

/**
 * The Database Manager (/MasterData, spec 3 §2.1): the nine types, each with its cascading parent
 * selectors, the 'Database Manager' table and its row actions, the Add/Modify dialog, the
 * reassign dialogs of client assets and clients, and each item's history. The auditor reads.
 */
export function MasterDataPage() {
  const [params, setParams] = useSearchParams();
  const type = typeOf(params);
  const parents = parentsOf(params, type);
  const parentKey = JSON.stringify(parents);
  const isReadOnly = useIsReadOnly();
  const canExport = useCanExportTables();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { selectedRows, selection, clear } = useRowSelection<MasterDataRow>(idOf, {
    whyNotSelectable: (row) => (row.canEdit ? null : messages.forbiddenRole),
  });

  const viewKey = `${type}|${parentKey}`;
  // Every call sends the type and its parents; the type also picks the columns.
  const body = useMemo(
    () => ({ masterDataType: type, ...(JSON.parse(parentKey) as Parents) }),
    [type, parentKey],
  );
  // Each page says whether the caller may add an item here (under these parents).
  const [added, setAdded] = useState<{ viewKey: string; canAdd: boolean } | null>(null);
  const onList = useCallback(
    (list: MasterDataTable) => setAdded({ viewKey, canAdd: list.canAdd }),
    [viewKey],
  );
  const canAdd = added?.viewKey === viewKey ? added.canAdd : undefined;
  const table = useDeclaredTable(masterDataItemsTable, { cells: masterDataCells, canExport, body, onList });
  const columns = useMemo(() => {
    const canEdit = (row: MasterDataRow) => !isReadOnly && row.canEdit;
    return [
      ...table.columns,
      masterDataActionsColumn(canEdit, (action: RowAction, row) => {
        if (action === 'Modify') {
          setDialog({ kind: 'edit', row });
        } else if (action === 'History') {
          setDialog({ kind: 'history', row });
        } else {
          setDialog({ kind: 'action', action, row });
        }
      }),
    ];
  }, [table.columns, isReadOnly]);

  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const changeView = (nextType: MasterDataType, nextParents: Parents) => {
    clear();
    setParams(screenParams(nextType, nextParents), { replace: true });
  };

  const missing = addNeeds[type].filter((level) => parents[level] === null);
  const addBlocker =
    missing.length > 0
      ? messages.addNeedsParents(missing.map((l) => levelLabel[l]).join(' and '))
      : canAdd === false
        ? addRefusalOf(type)
        : null;
  const canReassign = type === 'Client Asset' || type === 'Client - Client Code';
  const first = selectedRows[0];
  const isOnePath =
    first !== undefined &&
    selectedRows.every((r) => r.platformId === first.platformId && r.agencyId === first.agencyId);
  const reassignBlocker =
    selectedRows.length === 0 ? messages.selectRowsFirst : isOnePath ? null : messages.reassignNeedsOnePath;

  const toolbar = isReadOnly ? null : (
    <>
      <DisabledReason reason={addBlocker}>
        <Button
          variant="contained"
          disabled={addBlocker !== null || canAdd !== true}
          onClick={() => setDialog({ kind: 'edit', row: null })}
        >
          {`Add New ${type}`}
        </Button>
      </DisabledReason>
      {canReassign && (
        <DisabledReason reason={reassignBlocker}>
          <Button
            variant="outlined"
            disabled={reassignBlocker !== null}
            onClick={() => setDialog({ kind: 'reassign' })}
          >
            Reassign
          </Button>
        </DisabledReason>
      )}
    </>
  );

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Data type"
          value={type}
          sx={{ minWidth: 260 }}
          onChange={(e) => changeView(e.target.value as MasterDataType, parents)}
        >
          {masterDataTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <MasterDataUpload canWrite={!isReadOnly} />
      <ParentSelectors type={type} value={parents} onChange={(next) => changeView(type, next)} />
      <DataTable<MasterDataRow>
        {...table}
        key={viewKey}
        tableId={`Database Manager ${type}`}
        syncWithUrl
        columns={columns}
        selection={canReassign && !isReadOnly ? selection : undefined}
        toolbar={toolbar}
        emptyMessage={`No ${type} items under the chosen parents.`}
      />
      {dialog?.kind === 'edit' && (
        <MasterDataDialog
          type={type}
          row={dialog.row}
          parents={parents}
          onClose={() => setDialog(null)}
          onDone={handleDone}
        />
      )}
      {dialog?.kind === 'action' && (
        <ItemActionDialog
          kind={dialog.action}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onDone={handleDone}
        />
      )}
      {dialog?.kind === 'history' && <MasterDataLogDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reassign' && selectedRows.length > 0 && (
        <ReassignItemsDialog rows={selectedRows} onClose={() => setDialog(null)} onDone={handleDone} />
      )}
    </>
  );
}
