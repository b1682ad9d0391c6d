import type { Executor } from '../../db/connection.ts';
import { asBuffer, type ChainedTable } from '../../db/chain/format.ts';
import type { ChainBreak, VerifiedPoint } from '../../db/chain/verify.ts';

export interface VerificationRecord {
  kind: 'full' | 'incremental';
  startedDate: string;
  finishedDate: string;
  startedBy: number | null;
  checkedRows: number;
  head: VerifiedPoint;
  firstBreak: ChainBreak | null;
}

export async function insertVerification(q: Executor, v: VerificationRecord): Promise<void> {
  await q
    .insertInto('auditVerifications')
    .values({
      kind: v.kind,
      startedDate: v.startedDate,
      finishedDate: v.finishedDate,
      startedBy: v.startedBy,
      verified: v.firstBreak ? 0 : 1,
      checkedRows: v.checkedRows,
      headSeq: v.head.seq,
      headHash: v.head.link,
      tableMaxIds: JSON.stringify(v.head.tableMaxIds),
      breakTable: v.firstBreak?.table ?? null,
      breakRowId: v.firstBreak?.id ?? null,
      breakSeq: v.firstBreak?.seq ?? null,
      breakReason: v.firstBreak?.reason ?? null,
    })
    .execute();
}

const columns = [
  'id',
  'kind',
  'finishedDate',
  'verified',
  'checkedRows',
  'headSeq',
  'headHash',
  'tableMaxIds',
  'breakTable',
  'breakRowId',
  'breakSeq',
  'breakReason',
] as const;

/** The latest verification, whatever its outcome. */
export function findLatestVerification(q: Executor) {
  return q.selectFrom('auditVerifications').select(columns).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The latest verification that found no break: where the next one starts. */
export function findLastGoodVerification(q: Executor) {
  return q
    .selectFrom('auditVerifications')
    .select(columns)
    .where('verified', '=', 1)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export type VerificationRow = NonNullable<Awaited<ReturnType<typeof findLastGoodVerification>>>;

export const pointOf = (row: VerificationRow): VerifiedPoint => ({
  seq: Number(row.headSeq),
  link: asBuffer(row.headHash),
  tableMaxIds: JSON.parse(row.tableMaxIds) as Partial<Record<ChainedTable, number>>,
});

export const breakOf = (row: VerificationRow): ChainBreak | null =>
  row.verified === 1 || row.breakTable === null
    ? null
    : {
        table: row.breakTable,
        id: Number(row.breakRowId),
        seq: row.breakSeq === null ? null : Number(row.breakSeq),
        reason: row.breakReason as ChainBreak['reason'],
      };

/**
 * When the latest verification found the chain whole with every history step of `requestId`
 * chained at or before its head; null otherwise (a newer step, a break, or none yet).
 */
export async function findHistoryVerifiedAt(q: Executor, requestId: number): Promise<string | null> {
  const latest = await findLatestVerification(q);
  if (!latest || latest.verified !== 1) {
    return null;
  }
  const newest = await q
    .selectFrom('requestHistory as h')
    .innerJoin('auditChain as c', (join) =>
      join.onRef('c.rowId', '=', 'h.id').on('c.tableName', '=', 'request_history'),
    )
    .select((eb) => eb.fn.max('c.seq').as('seq'))
    .where('h.requestId', '=', requestId)
    .executeTakeFirst();
  return Number(newest?.seq ?? 0) <= Number(latest.headSeq) ? latest.finishedDate : null;
}

/** The link (hex) of the chain's entry `seq`; null when there is none. */
export async function findChainLink(q: Executor, seq: number): Promise<string | null> {
  const row = await q.selectFrom('auditChain').select('chainHash').where('seq', '=', seq).executeTakeFirst();
  return row ? asBuffer(row.chainHash).toString('hex') : null;
}

/** The hash (hex) each of `ids` has in its latest chain entry, in id order; rows without one are left out. */
export async function findLatestRowHashes(
  q: Executor,
  table: ChainedTable,
  ids: readonly number[],
): Promise<{ table: string; id: number; hash: string }[]> {
  const latest = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await q
      .selectFrom('auditChain')
      .select(['rowId', 'rowHash'])
      .where('tableName', '=', table)
      .where('rowId', 'in', ids.slice(i, i + 1_000))
      .orderBy('seq')
      .execute();
    for (const row of rows) {
      latest.set(row.rowId, asBuffer(row.rowHash).toString('hex'));
    }
  }
  return [...latest].sort(([a], [b]) => a - b).map(([id, hash]) => ({ table, id, hash }));
}
