import { sql, type QueryExecutorProvider } from 'kysely';
import { asBuffer, chainedTables, linkHash, rowHash, type ChainedTable } from './format.ts';
import { readChainedRows } from './seal.ts';

/** Entries and rows read per statement while walking. */
const BATCH = 10_000;

/**
 * Why a row breaks the chain:
 * - `link`: the entry's link is not the hash of the one before and its own hash (an entry was
 *   edited, removed, inserted or moved);
 * - `content`: the row no longer hashes to its latest entry (the row was edited);
 * - `missing`: an entry names a row that is gone (the row was deleted);
 * - `unchained`: a row has no entry (the row was inserted beside the application).
 */
export type BreakReason = 'link' | 'content' | 'missing' | 'unchained';

export interface ChainBreak {
  table: string;
  id: number;
  /** The entry where the chain breaks; null for a row without any entry. */
  seq: number | null;
  reason: BreakReason;
}

/** Where a verification starts: the last verified entry and link, and each table's largest id then. */
export interface VerifiedPoint {
  seq: number;
  link: Buffer;
  tableMaxIds: Partial<Record<ChainedTable, number>>;
}

export interface Verification {
  /** Entries whose link was checked, plus rows whose content was checked. */
  checkedRows: number;
  /** The first break in chain order (a row without entry after every entry), or null. */
  firstBreak: ChainBreak | null;
  /** The point verified up to: the next verification starts here when nothing broke. */
  head: VerifiedPoint;
}

export interface VerifyOptions {
  /** Start after this verified point (incremental); none: from the first entry (full). */
  from?: VerifiedPoint | null;
  /** Called after each batch with the entries and rows checked so far (the job's progress). */
  onProgress?: (checked: number) => void;
}

const GENESIS_POINT: VerifiedPoint = { seq: 0, link: Buffer.alloc(32), tableMaxIds: {} };

/** The earlier of two breaks in chain order (a break without entry comes last, then by table and id). */
function earlier(a: ChainBreak | null, b: ChainBreak | null): ChainBreak | null {
  if (!a || !b) {
    return a ?? b;
  }
  const sa = a.seq ?? Number.MAX_SAFE_INTEGER;
  const sb = b.seq ?? Number.MAX_SAFE_INTEGER;
  if (sa !== sb) {
    return sa < sb ? a : b;
  }
  return `${a.table}\u0000${a.id}` <= `${b.table}\u0000${b.id}` ? a : b;
}

interface EntryRow {
  seq: number;
  table: string;
  rowId: number;
  rowHash: Uint8Array;
  link: Uint8Array;
}

/** The chain's head as it stands (no lock: a reader's view, such as an export's). */
export async function lockFreeHead(q: QueryExecutorProvider): Promise<{ seq: number; link: Buffer }> {
  const { rows } = await sql<{ seq: number; link: Uint8Array }>`
    select seq, chain_hash as link from audit_chain_head where id = 1`.execute(q);
  return { seq: Number(rows[0]?.seq ?? 0), link: asBuffer(rows[0]?.link ?? Buffer.alloc(32)) };
}

async function tableMaxIds(q: QueryExecutorProvider): Promise<Record<ChainedTable, number>> {
  const out = {} as Record<ChainedTable, number>;
  for (const table of chainedTables) {
    const { rows } = await sql<{
      last: number | null;
    }>`select max(id) as last from ${sql.raw(table)}`.execute(q);
    out[table] = Number(rows[0]?.last ?? 0);
  }
  return out;
}

/**
 * The links from `from` to `head`: each entry's seq follows the one before and its link hashes
 * the link before with its own place and hash. The first that does not is the break.
 */
async function walkLinks(
  q: QueryExecutorProvider,
  from: VerifiedPoint,
  head: { seq: number; link: Buffer },
  progress: (n: number) => void,
): Promise<{ checked: number; broken: ChainBreak | null }> {
  let seq = from.seq;
  let link = from.link;
  let checked = 0;
  for (;;) {
    const { rows } = await sql<EntryRow>`
      select seq, table_name as "table", row_id as "rowId", row_hash as "rowHash", chain_hash as link
      from audit_chain where seq > ${seq} and seq <= ${head.seq} order by seq limit ${BATCH}`.execute(q);
    for (const e of rows) {
      const entrySeq = Number(e.seq);
      const expected = linkHash(link, entrySeq, e.table, Number(e.rowId), e.rowHash);
      if (entrySeq !== seq + 1 || !expected.equals(asBuffer(e.link))) {
        return { checked, broken: { table: e.table, id: Number(e.rowId), seq: entrySeq, reason: 'link' } };
      }
      seq = entrySeq;
      link = asBuffer(e.link);
      checked += 1;
    }
    progress(rows.length);
    if (rows.length < BATCH) {
      break;
    }
  }
  if (seq !== head.seq || !link.equals(head.link)) {
    // Entries at the end are gone (or the head was moved): the break is the first one missing.
    return { checked, broken: { table: 'audit_chain', id: seq + 1, seq: seq + 1, reason: 'link' } };
  }
  return { checked, broken: null };
}

/** Each row of `ids`' latest entry up to `headSeq`: row id → [seq, row hash]. */
async function latestEntries(
  q: QueryExecutorProvider,
  table: ChainedTable,
  range: { after: number; upTo: number } | { ids: readonly number[] },
  headSeq: number,
): Promise<Map<number, [number, Buffer]>> {
  const where =
    'ids' in range
      ? sql`row_id in (${sql.join(range.ids)})`
      : sql`row_id > ${range.after} and row_id <= ${range.upTo}`;
  const { rows } = await sql<{ rowId: number; seq: number; rowHash: Uint8Array }>`
    select row_id as "rowId", seq, row_hash as "rowHash" from audit_chain
    where table_name = ${table} and ${where} and seq <= ${headSeq}
    order by row_id, seq`.execute(q);
  const latest = new Map<number, [number, Buffer]>();
  for (const r of rows) {
    latest.set(Number(r.rowId), [Number(r.seq), asBuffer(r.rowHash)]);
  }
  return latest;
}

/**
 * Whether a break seen while others write is one: the row and its latest entry read again, at
 * any seq (a row written or changed while the walk ran is chained after the head it read).
 */
async function stillBroken(
  q: QueryExecutorProvider,
  table: ChainedTable,
  found: ChainBreak,
): Promise<boolean> {
  const [row] = await readChainedRows(q, table, { ids: [found.id] });
  const latest = (await latestEntries(q, table, { ids: [found.id] }, Number.MAX_SAFE_INTEGER)).get(found.id);
  if (!row) {
    return latest !== undefined;
  }
  return latest === undefined || !rowHash(table, row[1]).equals(latest[1]);
}

/** Compares rows with their latest entries; answers how many rows it compared and the first break. */
function compare(
  table: ChainedTable,
  rows: readonly [number, unknown[]][],
  latest: Map<number, [number, Buffer]>,
): { checked: number; broken: ChainBreak | null } {
  let broken: ChainBreak | null = null;
  for (const [id, values] of rows) {
    const entry = latest.get(id);
    latest.delete(id);
    if (!entry) {
      broken = earlier(broken, { table, id, seq: null, reason: 'unchained' });
    } else if (!rowHash(table, values).equals(entry[1])) {
      broken = earlier(broken, { table, id, seq: entry[0], reason: 'content' });
    }
  }
  for (const [id, [seq]] of latest) {
    broken = earlier(broken, { table, id, seq, reason: 'missing' });
  }
  return { checked: rows.length, broken };
}

/** The rows of `table` with ids in (after, upTo], batch by batch, against their latest entries. */
async function walkRows(
  q: QueryExecutorProvider,
  table: ChainedTable,
  after: number,
  upTo: number,
  headSeq: number,
  progress: (n: number) => void,
): Promise<{ checked: number; broken: ChainBreak | null }> {
  let checked = 0;
  let broken: ChainBreak | null = null;
  let from = after;
  while (from < upTo) {
    const rows = (await readChainedRows(q, table, { after: from, limit: BATCH })).filter(
      ([id]) => id <= upTo,
    );
    const to = rows.length === BATCH ? rows[rows.length - 1]![0] : upTo;
    const result = compare(table, rows, await latestEntries(q, table, { after: from, upTo: to }, headSeq));
    checked += result.checked;
    broken = earlier(broken, result.broken);
    progress(rows.length);
    from = to;
  }
  return { checked, broken };
}

/** The rows of `table` re-chained after `from.seq` (a row changed since, such as a merge gave back). */
async function rechainedRows(
  q: QueryExecutorProvider,
  table: ChainedTable,
  fromSeq: number,
  headSeq: number,
  oldMaxId: number,
): Promise<{ checked: number; broken: ChainBreak | null }> {
  const { rows: ids } = await sql<{ rowId: number }>`
    select distinct row_id as "rowId" from audit_chain
    where seq > ${fromSeq} and seq <= ${headSeq} and table_name = ${table} and row_id <= ${oldMaxId}`.execute(
    q,
  );
  let checked = 0;
  let broken: ChainBreak | null = null;
  for (let i = 0; i < ids.length; i += 1_000) {
    const batch = ids.slice(i, i + 1_000).map((r) => Number(r.rowId));
    const rows = await readChainedRows(q, table, { ids: batch });
    const result = compare(table, rows, await latestEntries(q, table, { ids: batch }, headSeq));
    checked += result.checked;
    broken = earlier(broken, result.broken);
  }
  return { checked, broken };
}

/** Every chained table's rows after `from` against their latest entries, table by table. */
async function walkTables(
  q: QueryExecutorProvider,
  from: VerifiedPoint,
  headSeq: number,
  maxIds: Record<ChainedTable, number>,
  progress: (n: number) => void,
): Promise<{ checked: number; broken: ChainBreak | null }> {
  let checked = 0;
  let firstBreak: ChainBreak | null = null;
  for (const table of chainedTables) {
    const oldMax = from.tableMaxIds[table] ?? 0;
    // A row deleted at the end of its table still has its entry: walk to the last chained id too.
    const { rows } = await sql<{ last: number | null }>`
      select max(row_id) as last from audit_chain where table_name = ${table} and seq <= ${headSeq}`.execute(
      q,
    );
    const upTo = Math.max(maxIds[table], Number(rows[0]?.last ?? 0));
    const walked = await walkRows(q, table, oldMax, upTo, headSeq, progress);
    let broken = walked.broken;
    checked += walked.checked;
    if (from.seq > 0) {
      const rechained = await rechainedRows(q, table, from.seq, headSeq, oldMax);
      checked += rechained.checked;
      broken = earlier(broken, rechained.broken);
    }
    if (broken && broken.reason !== 'link' && !(await stillBroken(q, table, broken))) {
      broken = null;
    }
    firstBreak = earlier(firstBreak, broken);
  }
  return { checked, broken: firstBreak };
}

/**
 * Verifies the chain: every entry's link from `from` (or the first entry) to the head, and every
 * row against its latest entry — all rows (full), or the rows written or re-chained since `from`
 * (incremental). Reads only; writers go on meanwhile (a break seen while they write is read
 * again before it counts).
 */
export async function verifyChain(
  q: QueryExecutorProvider,
  options: VerifyOptions = {},
): Promise<Verification> {
  const from = options.from ?? GENESIS_POINT;
  let done = 0;
  const progress = (n: number) => {
    done += n;
    options.onProgress?.(done);
  };
  // Largest ids first, then the head: every row up to those ids is chained at or before the head.
  const maxIds = await tableMaxIds(q);
  const head = await lockFreeHead(q);
  let checkedRows = 0;
  let firstBreak: ChainBreak | null = null;

  if (from.seq > 0) {
    const { rows } = await sql<{ link: Uint8Array }>`
      select chain_hash as link from audit_chain where seq = ${from.seq}`.execute(q);
    const anchor = rows[0];
    if (!anchor || !asBuffer(anchor.link).equals(from.link)) {
      firstBreak = { table: 'audit_chain', id: from.seq, seq: from.seq, reason: 'link' };
    }
  }
  // The links and the rows are read side by side (two connections or read workers).
  const [links, rows] = await Promise.all([
    walkLinks(q, from, head, progress),
    walkTables(q, from, head.seq, maxIds, progress),
  ]);
  checkedRows += links.checked + rows.checked;
  firstBreak = earlier(firstBreak, earlier(links.broken, rows.broken));
  return { checkedRows, firstBreak, head: { seq: head.seq, link: head.link, tableMaxIds: maxIds } };
}
