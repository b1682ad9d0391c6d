import { Readable } from 'node:stream';
import type { Dialect } from './connection.ts';
import { csvHeader, csvLines, type CsvColumn } from './csv-text.ts';

/**
 * The exports' CSV stream: a whole filtered table read in keyset batches and written as they
 * arrive, with at most a few batches in memory whatever the size.
 */

/** Reads one keyset batch: up to `limit` rows with an id below `beforeId` (null: from the top). */
export type BatchSource<Row> = (beforeId: number | null, limit: number) => Promise<Row[]>;

/**
 * A keyset batch read in two steps: its ids (up to `limit` below `beforeId`, in the export's
 * order), then the rows of those ids in that order. The next batch's ids need only this batch's
 * ids, so the rows of several batches can be read at once.
 */
export interface SplitBatchSource<Row> {
  ids: (beforeId: number | null, limit: number) => Promise<number[]>;
  rows: (ids: number[]) => Promise<Row[]>;
}

/**
 * A split source whose second step is the batch's CSV lines, written where its rows were read
 * (csv-read.ts: on SQLite, by the read worker). The main thread then only passes text on: no
 * rows to receive, present or collect (issue 13's health checks during a full export).
 */
export interface LinesBatchSource {
  ids: (beforeId: number | null, limit: number) => Promise<number[]>;
  lines: (ids: number[]) => Promise<string | Buffer>;
}

/** Rows per keyset batch of an export: one query each (two for a split source). */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * Rows per keyset batch of an export whose lines a worker writes (csv-read.ts: SQLite's read
 * workers, PostgreSQL's CSV worker): 500, so that what the main thread does per batch (the
 * batch's ids, the message with its lines, the bytes sent) stays short: larger batches held the
 * event loop longer at a time, and other requests waited behind them (bench/README.md).
 */
export const LINES_BATCH_SIZE = 500;

/**
 * Batches of a split source whose rows are read beyond the one being written. SQLite: 2, read by
 * the two read workers side by side while the main thread writes. PostgreSQL: 1, as a plain
 * source reads: with two ahead its backends took the CPU from the main thread and slowed other
 * requests, for no gain in the export's time.
 */
export function exportReadAhead(dialect: Dialect): number {
  return dialect === 'sqlite' ? 2 : 1;
}

/** Rows per chunk written: between chunks, other requests get the event loop. */
const WRITE_SLICE = 500;

/** A batch on its way, as rows or as its CSV lines; null: there is none (the previous one was the last). */
type Batch<Row> = Promise<Row[] | string | Buffer | null>;

/** A promise whose failure is seen later (when awaited): not an unhandled rejection before. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The batches of a source one call after the other, the next ones asked for ahead. */
function batchesOf<Row>(
  source: BatchSource<Row> | SplitBatchSource<Row> | LinesBatchSource,
  idOf: (row: Row) => number,
  batchSize: number,
  readAhead: number,
): () => Batch<Row> {
  /** The key after a batch; null: it was the last. */
  const keyAfter = <T>(list: T[] | null, keyOf: (item: T) => number) => {
    const last = list?.at(-1);
    return list === null || list.length < batchSize || last === undefined ? null : keyOf(last);
  };
  if (typeof source === 'function') {
    // One batch ahead: the next is asked for when this one has arrived.
    let ahead: Promise<Row[] | null> = source(null, batchSize);
    return () => {
      const these = ahead;
      ahead = handled(
        these.then((rows) => {
          const key = keyAfter(rows, idOf);
          return key === null ? null : source(key, batchSize);
        }),
      );
      return these;
    };
  }
  const second: (ids: number[]) => Promise<Row[] | string | Buffer> =
    'rows' in source ? source.rows : source.lines;
  let ids: Promise<number[] | null> = source.ids(null, batchSize);
  const queue: Batch<Row>[] = [];
  const fill = () => {
    while (queue.length < readAhead) {
      const these = ids;
      queue.push(handled(these.then((list) => (list === null ? null : second(list)))));
      ids = handled(
        these.then((list) => {
          const key = keyAfter(list, (id) => id);
          return key === null ? null : source.ids(key, batchSize);
        }),
      );
    }
  };
  return () => {
    fill();
    const batch = queue.shift()!;
    fill();
    return batch;
  };
}

/**
 * The whole filtered result as a CSV stream (header first, every cell neutralised), read in
 * keyset batches (id descending, `batchSize` rows per query), written in chunks of a few
 * hundred rows (a lines source's batch: as its text came). The next batch is read while this one is written (from a split source, the
 * next `readAhead`), so at most a few batches are in memory whatever the size; backpressure is
 * respected.
 *
 * The first batch is read before the stream is returned: a query that fails fails the call, so
 * the client gets an ordinary error response instead of a 200 with a header. A later batch that
 * fails destroys the stream; the server then aborts the transfer, so the client never mistakes
 * the rows it got for the whole file.
 */
export async function csvExport<Row>(
  source: BatchSource<Row> | SplitBatchSource<Row> | LinesBatchSource,
  idOf: (row: Row) => number,
  columns: CsvColumn<Row>[],
  batchSize = EXPORT_BATCH_SIZE,
  readAhead = 1,
): Promise<Readable> {
  const next = batchesOf(source, idOf, batchSize, readAhead);
  const first = await next();
  async function* chunks() {
    yield csvHeader(columns);
    for (let batch = first; batch !== null; batch = await next()) {
      if (typeof batch === 'string' || Buffer.isBuffer(batch)) {
        if (batch.length > 0) {
          yield batch;
        }
        continue;
      }
      for (let i = 0; i < batch.length; i += WRITE_SLICE) {
        yield csvLines(batch, columns, i, Math.min(i + WRITE_SLICE, batch.length));
      }
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
