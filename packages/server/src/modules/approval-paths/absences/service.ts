import { messages, type AbsenceInput, type AbsenceRow } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../../db/connection.ts';
import type { Actor } from '../../../http/actor.ts';
import { rowScopeOf } from '../../../http/row-scope.ts';
import { reachesPerson } from '../../../http/admin-scope.ts';
import { conflict, notFound, unprocessable } from '../../../http/errors.ts';
import * as q from './queries.ts';

/**
 * Whose absences the caller may read or change: their own always; anyone's for a super admin
 * (and, reading, the auditor); an admin's only those of people wholly inside their (region,
 * market) rows (`reachesPerson`: one row elsewhere is 404, as a row outside the scope), since a
 * delegate named for a person holds that person's lines; nobody else's for the other roles (403).
 */
async function checkReach(q2: Executor, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) {
    return;
  }
  const scope = rowScopeOf(actor, { least: 'admin' });
  if (scope.kind === 'admin' && !(await reachesPerson(q2, actor, userId))) {
    throw notFound();
  }
}

const present = (r: Awaited<ReturnType<typeof q.findAbsences>>[number]): AbsenceRow => ({
  ...r,
  fromDate: new Date(r.fromDate).toISOString(),
  toDate: new Date(r.toDate).toISOString(),
  isRunning: Number(r.isRunning) === 1,
});

/** A person's running and planned absences. */
export async function listAbsences(db: Db, actor: Actor, userId: number | undefined): Promise<AbsenceRow[]> {
  const who = userId ?? actor.userId;
  await checkReach(db.kysely, actor, who);
  return (await q.findAbsences(db, who)).map(present);
}

/**
 * Sets an absence: the delegate is another active person whose role opens the task pages, the
 * period ends in the future and overlaps no other absence of the person (409).
 */
export async function saveAbsence(
  db: Db,
  actor: Actor,
  input: AbsenceInput,
): Promise<{ absenceId: number; message: string }> {
  const who = input.userId ?? actor.userId;
  const fromDate = new Date(input.fromDate).toISOString();
  const toDate = new Date(input.toDate).toISOString();
  if (input.delegateUserId === who) {
    throw unprocessable(messages.absenceDelegateIsSelf);
  }
  if (Date.parse(toDate) <= Date.now()) {
    throw unprocessable(messages.absenceEndsInPast);
  }
  return inTransaction(db, async (trx) => {
    await checkReach(trx, actor, who);
    const person = await q.findPerson(trx, who);
    if (!person || person.isDeleted) {
      throw notFound();
    }
    const delegate = await q.findPerson(trx, input.delegateUserId);
    if (!delegate || delegate.isDeleted || !q.delegateRoles.includes(delegate.roleId)) {
      throw unprocessable(messages.absenceDelegateNotEligible);
    }
    if (await q.overlaps(trx, who, fromDate, toDate)) {
      throw conflict(messages.absenceOverlaps);
    }
    const absenceId = await q.insertAbsence(
      trx,
      { userId: who, delegateId: delegate.userId, fromDate, toDate },
      actor.userId,
    );
    const delegateName = `${delegate.name} ${delegate.lastName}`;
    return {
      absenceId,
      message:
        who === actor.userId
          ? messages.absenceSaved(delegateName)
          : messages.absenceSavedFor(`${person.name} ${person.lastName}`, delegateName),
    };
  });
}

/** Ends a running absence now, or withdraws a planned one. */
export async function endAbsence(db: Db, actor: Actor, absenceId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const absence = await q.findAbsence(trx, absenceId);
    if (!absence || absence.isDeleted) {
      throw notFound(messages.absenceNotFound);
    }
    await checkReach(trx, actor, absence.userId);
    await q.endAbsence(trx, absenceId, actor.userId);
  });
}
