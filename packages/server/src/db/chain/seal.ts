import { sql, type QueryExecutorProvider } from 'kysely';
import type { Dialect } from '../connection.ts';
import { asBuffer, CHAINED_TABLES, rowHash, linkHash, type ChainedTable } from './format.ts';

/** Rows read, hashed and chained per statement (far below either engine's parameter limit). */
const BATCH = 1_000;

// The chain's own tables are written here and read by the verifier only: raw SQL over constant
// names (CHAINED_TABLES), values always bound; the migration runs it too, before the app's schema.
type AnyDb = QueryExecutorProvider;

export interface ChainHead {
  seq: number;
  link: Buffer;
}

/**
 * The chain's head, locked until the transaction ends on PostgreSQL (`for update`): writers meet
 * here only, just before they commit, so entries take seq numbers in commit order. SQLite has one
 * writer at a time already.
 */
export async function lockHead(q: AnyDb, dialect: Dialect): Promise<ChainHead> {
  const lock = dialect === 'postgres' ? sql` for update` : sql``;
  const { rows } = await sql<{ seq: number; link: Uint8Array }>`
    select seq, chain_hash as link from audit_chain_head where id = 1${lock}`.execute(q);
  const head = rows[0];
  if (!head) {
    throw new Error('audit_chain_head has no row: run the migrations');
  }
  return { seq: Number(head.seq), link: asBuffer(head.link) };
}

/** The covered columns of `ids` in `table`, as [id, values] in id order. */
export async function readChainedRows(
  q: AnyDb,
  table: ChainedTable,
  where: { ids: readonly number[] } | { after: number; limit: number },
): Promise<[number, unknown[]][]> {
  const columns = CHAINED_TABLES[table];
  const list = sql.join(columns.map((c, i) => sql`${sql.raw(c)} as ${sql.raw(`c${i}`)}`));
  const filter =
    'ids' in where
      ? sql`id in (${sql.join(where.ids)})`
      : sql`id > ${where.after} order by id limit ${where.limit}`;
  const { rows } = await sql<Record<string, unknown>>`
    select ${list} from ${sql.raw(table)} where ${filter}`.execute(q);
  const ordered = 'ids' in where ? rows.sort((a, b) => Number(a.c0) - Number(b.c0)) : rows;
  return ordered.map((row) => [Number(row.c0), columns.map((_, i) => row[`c${i}`])]);
}

/** Rows of chained tables a transaction wrote, by table, to chain before it commits. */
export type PendingChain = Map<ChainedTable, number[]>;

/**
 * The record_changes rows this transaction's triggers wrote (a change to an administrator,
 * super administrator, approval path, absence, role, profile's activity or access review
 * decision). PostgreSQL: the rows
 * carrying this transaction's id. SQLite, one writer at a time: the rows after the last chained
 * one (rows a statement outside any transaction left unchained are taken along).
 */
async function changesOfThisTransaction(q: AnyDb, dialect: Dialect): Promise<number[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ id: number }>`
          select id from record_changes where txid = txid_current_if_assigned()`.execute(q)
      : await sql<{ id: number }>`
          select id from record_changes where id > (
            select coalesce(max(row_id), 0) from audit_chain where table_name = 'record_changes')`.execute(q);
  return rows.map((r) => Number(r.id));
}

/** The last step of a transaction: chains the rows it wrote to the history, if any. */
export async function sealTransaction(q: AnyDb, dialect: Dialect, pending: PendingChain): Promise<void> {
  const changes = await changesOfThisTransaction(q, dialect);
  if (changes.length > 0) {
    pending.set('record_changes', changes);
  }
  await sealRows(q, dialect, pending);
}

interface Entry {
  seq: number;
  table_name: string;
  row_id: number;
  row_hash: Buffer;
  chain_hash: Buffer;
}

async function insertEntries(q: AnyDb, entries: readonly Entry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) {
    const values = entries
      .slice(i, i + BATCH)
      .map((e) => sql`(${e.seq}, ${e.table_name}, ${e.row_id}, ${e.row_hash}, ${e.chain_hash})`);
    await sql`insert into audit_chain (seq, table_name, row_id, row_hash, chain_hash)
      values ${sql.join(values)}`.execute(q);
  }
}

/**
 * Chains the rows of `pending` (table → ids written by this transaction) after the head, in
 * table then id order, and moves the head. Runs inside the writers' transaction, as its last
 * step: a row and its entry commit together or not at all.
 */
export async function sealRows(
  q: AnyDb,
  dialect: Dialect,
  pending: ReadonlyMap<ChainedTable, Iterable<number>>,
) {
  if (pending.size === 0) {
    return;
  }
  const head = await lockHead(q, dialect);
  let { seq, link } = head;
  const entries: Entry[] = [];
  for (const [table, idSet] of pending) {
    const ids = [...new Set(idSet)].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += BATCH) {
      for (const [rowId, values] of await readChainedRows(q, table, { ids: ids.slice(i, i + BATCH) })) {
        seq += 1;
        const hash = rowHash(table, values);
        link = linkHash(link, seq, table, rowId, hash);
        entries.push({ seq, table_name: table, row_id: rowId, row_hash: hash, chain_hash: link });
      }
    }
  }
  if (entries.length === 0) {
    return;
  }
  await insertEntries(q, entries);
  await sql`update audit_chain_head set seq = ${seq}, chain_hash = ${link} where id = 1`.execute(q);
}

/**
 * Chains every row of the covered tables written after its table's last entry, table by table,
 * in batches: the migration that starts the chain, and the seeds, which write history in bulk.
 * Only where nothing else writes at the same time (ids past the last entry are then exactly the
 * unchained rows). Answers how many rows it chained.
 */
export async function chainUnchained(q: AnyDb, dialect: Dialect): Promise<number> {
  let chained = 0;
  for (const table of Object.keys(CHAINED_TABLES) as ChainedTable[]) {
    const { rows } = await sql<{ last: number | null }>`
      select max(row_id) as last from audit_chain where table_name = ${table}`.execute(q);
    let after = Number(rows[0]?.last ?? 0);
    for (;;) {
      const { rows: next } = await sql<{ id: number }>`
        select id from ${sql.raw(table)} where id > ${after} order by id limit ${BATCH * 20}`.execute(q);
      if (next.length === 0) {
        break;
      }
      const ids = next.map((r) => Number(r.id));
      await sealRows(q, dialect, new Map([[table, ids]]));
      chained += ids.length;
      after = ids[ids.length - 1]!;
    }
  }
  return chained;
}
