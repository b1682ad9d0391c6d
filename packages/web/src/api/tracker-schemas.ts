/**
 * The schemas of the tracker's and the activity log's answers, loaded with their first request
 * (`loadSchema`), not with the screens' code: building zod schemas is a good part of the time a
 * screen's first code takes to evaluate.
 */
export { activityLog, filterOptions, historyPage, trackerPage } from '@uap/domain';
