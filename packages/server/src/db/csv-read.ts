import { SelectQueryNode, type CompiledQuery } from 'kysely';
import { csvLinesWriterOf, type Db } from './connection.ts';
import { formatCsvLines, type CsvFormat, type IdOrder } from './csv-formats.ts';

/**
 * The CSV lines of one read (an export's batch): on a SQLite file with read workers, the worker
 * that runs the statement writes the lines too, and the main thread receives their bytes instead
 * of the batch's rows. During a million-line export the main thread then has almost nothing to
 * collect, so other requests are not held up by its garbage collections (docs/architecture.md,
 * "Performance design"). On PostgreSQL the CSV worker (pg-csv-thread.ts) reads the rows on connections of
 * its own and writes the lines likewise. Elsewhere (SQLite in memory or without read workers)
 * the rows are read here and written with the same code.
 */
export async function readCsvLines(
  db: Db,
  query: CompiledQuery,
  format: CsvFormat,
  order: IdOrder,
): Promise<string | Buffer> {
  const writer = csvLinesWriterOf(db);
  if (writer !== null && SelectQueryNode.is(query.query)) {
    return writer.csvLines({ sql: query.sql, parameters: query.parameters, format, order });
  }
  const { rows } = await db.kysely.executeQuery<Record<string, unknown>>(query);
  return formatCsvLines(rows, format, order);
}
