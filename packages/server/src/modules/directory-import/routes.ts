import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { Role, directoryImportResult, envelope, messages } from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { DirectoryImportError, importDirectoryCsv, type RowPolicy } from '../../directory/csv-import.ts';
import { requireActor, type Actor } from '../../http/actor.ts';
import { reachesPerson } from '../../http/admin-scope.ts';
import { ok } from '../../http/envelope.ts';
import { invalid, tooLarge, unprocessable } from '../../http/errors.ts';

/** Largest CSV an administrator may upload (a 200,000-person directory is about 40 MB). */
const MAX_CSV_MEGABYTES = 64;
const MAX_CSV_BYTES = MAX_CSV_MEGABYTES * 1024 * 1024;

/**
 * The import is a super administrator's; an administrator's file writes only the rows of people
 * without a role above Standard User whose rows all lie inside her region and market (and of
 * directory entries nobody has a profile for yet). The other rows are refused with the reason.
 */
function rowPolicyOf(actor: Actor): RowPolicy | null {
  if (actor.roleId === Role.SUPERADMIN) {
    return null;
  }
  return async (trx, people) => {
    for (const person of people) {
      if (person.roleId > Role.STANDARD) {
        return messages.directoryRowAboveStandard;
      }
      if (!(await reachesPerson(trx, actor, person.userId))) {
        return messages.directoryRowOutsideScope;
      }
    }
    return null;
  };
}

/** The CSV import of directory users as an upload (the same import as `npm run directory:import`). */
export const directoryImportRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    // A file over the limit arrives cut (`truncated`): refused below with its own message, before
    // any row is written (a cut file was imported as far as it went).
    throwFileSizeLimit: false,
    limits: { files: 1, fileSize: MAX_CSV_BYTES, fields: 0, parts: 1 },
  });

  app.post('/api/Directory/Import', {
    config: { access: { minRole: Role.ADMIN, auditor: false } },
    // The body is multipart/form-data (one part: the .csv file), read whole before any row is written.
    bodyLimit: MAX_CSV_BYTES,
    schema: {
      tags: ['users'],
      errors: [422],
      summary:
        'Import directory users from a CSV file (multipart, one file); idempotent by mail, a result per row',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(directoryImportResult) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) {
        throw unprocessable(messages.directoryFileNotCsv);
      }
      const file = await request.file();
      if (!file || !/\.csv$/i.test(file.filename)) {
        file?.file.resume();
        throw unprocessable(messages.directoryFileNotCsv);
      }
      // Read whole first: a file holding U+0000 (byte 0 in UTF-8) is refused before any row is written.
      const bytes = await file.toBuffer();
      if (file.file.truncated) {
        throw tooLarge(messages.directoryFileTooLarge(MAX_CSV_MEGABYTES));
      }
      if (bytes.includes(0)) {
        throw invalid(messages.directoryFileHasNul);
      }
      try {
        return ok(await importDirectoryCsv(db, Readable.from(bytes), rowPolicyOf(requireActor(request))));
      } catch (error) {
        if (error instanceof DirectoryImportError) {
          throw unprocessable(error.message);
        }
        throw error;
      }
    },
  });
};
