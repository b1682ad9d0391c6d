/**
 * The shared schemas the tracker's answers are built from, loaded before `tracker-schemas.ts` in
 * steps of their own (see tracker.ts): `zod` and the common schemas first (`base`), then the
 * table and request record schemas.
 */
export { tablePage, userRecordRow } from '@uap/domain';
