import { trackerPage, trackerQuery, type TrackerPage, type TrackerRow } from '../schemas/tracker.ts';
import { declareTable } from './declare.ts';
import { trackerCsvOrder, trackerScreenColumns } from './tracker-lines.ts';

/**
 * Request Tracker (spec 2 §2): every request line in the caller's scope. Its CSV file is written
 * from flat lines by a read worker (`trackerLineColumns`), with these headers in this order.
 */
export const trackerTable = declareTable<TrackerRow, TrackerPage>({
  path: '/api/Request/AllRequests',
  title: 'All Requests',
  csvFile: 'request-tracker.csv',
  list: trackerPage,
  listKey: 'requests',
  rowId: (r) => r.requestId,
  columns: trackerScreenColumns,
  csvOrder: trackerCsvOrder,
  // A step to the next or previous page reads on from its anchor line.
  body: trackerQuery,
});
