/**
 * The shared schemas the tracker's answers are built from, loaded before `tracker-schemas.ts` in
 * steps of their own (see tracker.ts): `zod` and the common schemas first (`base`), then the
 * table schemas (here), then the request record schemas (`tracker-schema-records.ts`, which
 * build on these).
 */
export { tablePage } from '@uap/domain';
