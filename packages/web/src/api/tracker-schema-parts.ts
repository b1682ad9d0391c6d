/**
 * The shared schemas the tracker's answers are built from (tables, request records, flags):
 * loaded before `tracker-schemas.ts`, so building them is a task of its own (see tracker.ts).
 */
export { flagParam, tablePage, userRecordRow } from '@uap/domain';
