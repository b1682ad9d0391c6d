import { accessBundlePage, type AccessBundlePage, type AccessBundleRow } from '../schemas/access-bundles.ts';
import { columnsOf, declareTable } from './declare.ts';

const b = columnsOf<AccessBundleRow>();

/**
 * Access Bundles: the named sets of accesses of the caller's (region, market) rows (every bundle
 * for a super administrator and the auditor), newest change first.
 */
export const accessBundlesTable = declareTable<AccessBundleRow, AccessBundlePage>({
  path: '/api/AccessBundles/List',
  title: 'Access Bundles',
  csvFile: 'AccessBundles.csv',
  list: accessBundlePage,
  listKey: 'records',
  rowId: (r) => r.bundleId,
  columns: [
    b.field('name', 'Name'),
    b.field('regionName', 'Region'),
    b.field('marketName', 'Market'),
    b.field('agencyName', 'Agency'),
    b.number('itemCount', 'Accesses', (r) => r.itemCount, { isFilterable: false }),
    b.field('status', 'Status'),
    b.dateTime('updatedDate', 'Last Changed', (r) => r.updatedDate),
    b.number('bundleId', 'Id', (r) => r.bundleId, { isOnScreen: false }),
  ],
});
