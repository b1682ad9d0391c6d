import { useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  masterDataTypes,
  messages,
  type MasterDataRow,
  type MasterDataTableQueryInput,
  type MasterDataType,
  type TableQuery,
} from '@uap/domain';
import {
  exportMasterData,
  fetchMasterDataFilterOptions,
  fetchMasterDataTable,
  masterDataKeys,
} from '../../api/master-data.ts';
import { notifySuccess } from '../../api/notice-store.ts';
import { useCanExportTables, useIsReadOnly } from '../../session/current-user.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import type { DataTablePage } from '../../components/DataTable/types.ts';
import { useRowSelection } from '../../components/DataTable/use-row-selection.ts';
import { DisabledReason } from '../../components/DisabledReason.tsx';
import { ItemActionDialog, type ItemActionKind } from './ItemActionDialog.tsx';
import { MasterDataDialog } from './MasterDataDialog.tsx';
import { MasterDataLogDialog } from './MasterDataLogDialog.tsx';
import { MasterDataUpload } from './MasterDataUpload.tsx';
import { ParentSelectors } from './ParentSelectors.tsx';
import { ReassignItemsDialog } from './ReassignItemsDialog.tsx';
import { masterDataColumnsOf, type RowAction } from './master-data-columns.tsx';
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

/** A page of the table as the screen keeps it: the server's answer whether the caller may add here. */
type MasterDataPageData = DataTablePage<MasterDataRow> & { canAdd: boolean };

/**
 * The server's answer whether the caller may add an item of the shown type under the chosen
 * parents, read from the table's newest cached page under `queryKey` (it does not depend on the
 * page, filters or search); undefined until the first page arrives.
 */
function useCanAdd(queryKey: readonly unknown[]): boolean | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => {
      // The prefix also holds the filter menus' options: only pages carry the answer.
      const pages = queryClient
        .getQueryCache()
        .findAll({ queryKey })
        .flatMap((query) => {
          const data = query.state.data as Partial<MasterDataPageData> | undefined;
          return typeof data?.canAdd === 'boolean'
            ? [{ canAdd: data.canAdd, at: query.state.dataUpdatedAt }]
            : [];
        });
      return pages.sort((a, b) => b.at - a.at)[0]?.canAdd;
    },
  );
}

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

  const bodyOf = (query: TableQuery): MasterDataTableQueryInput => ({
    ...query,
    masterDataType: type,
    ...parents,
  });
  const canEdit = (row: MasterDataRow) => !isReadOnly && row.canEdit;
  const columns = useMemo(
    () =>
      masterDataColumnsOf(type, canEdit, (action: RowAction, row) => {
        if (action === 'Modify') {
          setDialog({ kind: 'edit', row });
        } else if (action === 'History') {
          setDialog({ kind: 'history', row });
        } else {
          setDialog({ kind: 'action', action, row });
        }
      }),
    [type, isReadOnly],
  );

  const handleDone = (message: string) => {
    setDialog(null);
    clear();
    notifySuccess(message);
  };
  const changeView = (nextType: MasterDataType, nextParents: Parents) => {
    clear();
    setParams(screenParams(nextType, nextParents), { replace: true });
  };

  const tableKey = [...masterDataKeys.table(type), parentKey];
  const canAdd = useCanAdd(tableKey);
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
        key={`${type}|${parentKey}`}
        title="Database Manager"
        tableId={`Database Manager ${type}`}
        syncWithUrl
        columns={columns}
        queryKey={tableKey}
        getRowId={idOf}
        fetchPage={async (query, signal) => {
          const page = await fetchMasterDataTable(bodyOf(query), signal);
          const kept: MasterDataPageData = {
            rows: page.rows,
            totalCount: page.totalCount,
            canAdd: page.canAdd,
          };
          return kept;
        }}
        fetchFilterOptions={(column, query, signal) =>
          fetchMasterDataFilterOptions({ ...bodyOf(query), column }, signal)
        }
        exportCsv={canExport ? (query) => exportMasterData(bodyOf(query)) : undefined}
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
