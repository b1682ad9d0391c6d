/** The request record schemas: the step after the table schemas (see tracker-schema-parts.ts). */
export { userRecordRow } from '@uap/domain';
