import { messages, type AuditVerification } from '@uap/domain';
import { inTransaction, nowIso, type Db } from '../../db/connection.ts';
import { verifyChain, type ChainBreak, type Verification } from '../../db/chain/verify.ts';
import type { JobDefinition } from '../jobs/runner.ts';
import { queueChainBreakNotices } from '../notifications/audit-chain.ts';
import * as q from './chain-queries.ts';

/** The sentence a break is told in (the Jobs page, the notices). */
export const breakText = (found: ChainBreak): string =>
  messages.auditChainBreak(found.table, found.id, found.reason);

/**
 * Verifies the chain and records the outcome: 'full' walks every entry and row; 'incremental'
 * starts from the last verification that found no break (full when there is none). An
 * incremental verification that found nothing new to check is not recorded. A break other than
 * the one already known is told to the super administrators (bell, mail, webhook).
 */
export async function verifyAndRecord(
  db: Db,
  kind: 'full' | 'incremental',
  startedBy: number | null,
): Promise<Verification> {
  const startedDate = nowIso();
  const lastGood = kind === 'incremental' ? await q.findLastGoodVerification(db.kysely) : undefined;
  const from = lastGood ? q.pointOf(lastGood) : null;
  const result = await verifyChain(db.kysely, { from });
  const found = result.firstBreak;
  if (from !== null && found === null && result.checkedRows === 0) {
    return result;
  }
  const latest = await q.findLatestVerification(db.kysely);
  const known = latest ? q.breakOf(latest) : null;
  // The super administrators are told of a break once: not again while it is the one known.
  const isNew =
    found !== null &&
    !(known && known.table === found.table && known.id === found.id && known.reason === found.reason);
  await inTransaction(db, async (trx) => {
    await q.insertVerification(trx, {
      kind: from ? 'incremental' : 'full',
      startedDate,
      finishedDate: nowIso(),
      startedBy,
      checkedRows: result.checkedRows,
      head: result.head,
      firstBreak: found,
    });
    if (isNew) {
      await queueChainBreakNotices(trx, { table: found.table, id: found.id, reason: found.reason });
    }
  });
  return result;
}

/**
 * GET api/Audit/Verify: a break already found stands until a full verification finds the chain
 * whole again; otherwise the rows written since the last good verification are verified now.
 */
export async function currentVerification(db: Db, actorId: number): Promise<AuditVerification> {
  const latest = await q.findLatestVerification(db.kysely);
  const known = latest ? q.breakOf(latest) : null;
  if (latest && known) {
    const lastGood = await q.findLastGoodVerification(db.kysely);
    return {
      verified: false,
      checkedRows: latest.checkedRows,
      firstBreak: { table: known.table, id: known.id, reason: known.reason },
      lastVerifiedAt: lastGood?.finishedDate ?? null,
    };
  }
  const result = await verifyAndRecord(db, 'incremental', actorId);
  const found = result.firstBreak;
  const lastGood = found ? await q.findLastGoodVerification(db.kysely) : null;
  return {
    verified: found === null,
    checkedRows: result.checkedRows,
    firstBreak: found ? { table: found.table, id: found.id, reason: found.reason } : null,
    lastVerifiedAt: found ? (lastGood?.finishedDate ?? null) : nowIso(),
  };
}

/**
 * UAP Audit Chain Verification: every day, the whole chain — each entry's link and each
 * history row against its entry. A break fails the run, with the row named, on the Jobs page.
 */
export const auditChainJob: JobDefinition = {
  name: 'audit-chain-verification',
  title: 'UAP Audit Chain Verification',
  schedule: '30 3 * * *',
  maxAttempts: 1,
  async run({ db, startedBy }) {
    const result = await verifyAndRecord(db, 'full', startedBy);
    if (result.firstBreak) {
      throw new Error(breakText(result.firstBreak));
    }
    return { checkedRows: result.checkedRows, headSeq: result.head.seq };
  },
};
