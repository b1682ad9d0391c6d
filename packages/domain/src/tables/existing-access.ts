import {
  existingAccessPage,
  existingAccessQuery,
  type ExistingAccessPage,
  type ExistingAccessRow,
} from '../schemas/existing-access.ts';
import {
  colleagueAccessPage,
  colleagueAccessQuery,
  type ColleagueAccessPage,
  type ColleagueAccessRow,
} from '../schemas/same-access.ts';
import { declareTable } from './declare.ts';
import { accessColumns } from './records.ts';

/**
 * Check Existing Access Information (spec 1 §2.3 step 1): the subject's pending and active
 * access, whoever requested it, in the User Access Overview's columns. Read-only, no export.
 */
export const existingAccessTable = declareTable<ExistingAccessRow, ExistingAccessPage>({
  path: '/api/Request/ExistingAccess',
  title: 'User Access Overview',
  list: existingAccessPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: existingAccessQuery,
  hasExport: false,
  columns: accessColumns<ExistingAccessRow>(),
});

/**
 * New request, "Same access as a colleague": the colleague's active records, in the same
 * columns; the wizard ticks the ones to copy. Read-only, no export.
 */
export const colleagueAccessTable = declareTable<ColleagueAccessRow, ColleagueAccessPage>({
  path: '/api/Request/ColleagueAccess',
  title: 'Same access as a colleague',
  list: colleagueAccessPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  body: colleagueAccessQuery,
  hasExport: false,
  columns: accessColumns<ColleagueAccessRow>(),
});
