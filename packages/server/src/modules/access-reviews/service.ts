import {
  messages,
  todayDay,
  type AccessReviewCreated,
  type AccessReviewDetail,
  type AccessReviewInput,
  type AccessReviewMoved,
  type AccessReviewRow,
  type AccessReviewStarted,
  type TableQuery,
} from '@uap/domain';
import { inTransaction, nowIso, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { rowScopeOf } from '../../http/row-scope.ts';
import { scopedReader, type TableReader } from '../../http/table-routes.ts';
import { queueAccessReviewNotices } from '../notifications/access-reviews.ts';
import { presentCampaign, presentDetail, scopeOf, scopeRowsOf, scopeText } from './present.ts';
import * as items from './items-queries.ts';
import { revokeRecords } from './items-service.ts';
import { findReviewersToTell } from './follow-up-queries.ts';
import { findProgress } from './progress-queries.ts';
import * as q from './queries.ts';
import * as snapshot from './snapshot-queries.ts';

/**
 * Access review campaigns (issue 46): administrators within their (region, market) rows and
 * super administrators everywhere create, edit, start, close and cancel them; the auditor reads.
 */

/** The campaigns a caller reaches: an administrator's in her rows, everyone's for a wider scope. */
export function campaignScopeOf(actor: Actor, use: 'read' | 'write'): q.CampaignScope {
  const scope = rowScopeOf(actor, { use, least: 'admin' });
  return scope.kind === 'admin' ? { kind: 'admin', userId: actor.userId } : { kind: 'all' };
}

/** A page of campaigns as rows, each with its scope in words and its progress (read for the page at once). */
async function presentCampaigns(
  db: Executor,
  campaigns: readonly q.CampaignListDbRow[],
): Promise<AccessReviewRow[]> {
  const ids = campaigns.map((c) => c.reviewId);
  const [names, progressOf] = await Promise.all([q.findScopeNames(db, ids), findProgress(db, ids)]);
  return campaigns.map((c) =>
    presentCampaign(
      c,
      scopeText(
        names.filter((n) => n.reviewId === c.reviewId),
        c,
      ),
      progressOf(c.reviewId),
    ),
  );
}

const scoped = scopedReader(
  q.campaignTable,
  (actor) => campaignScopeOf(actor, 'read'),
  (row) => row,
);

/** PUT api/AccessReviews: the campaigns page, each row with its scope in words and its progress. */
export const campaigns: TableReader<AccessReviewRow> = {
  spec: scoped.spec,
  values: (db, actor, query, column) => scoped.values(db, actor, query, column),
  page: async (db, actor, query: TableQuery) => {
    const { rows, totalCount } = await scoped.page(db, actor, query);
    return { rows: await presentCampaigns(db.kysely, rows), totalCount };
  },
  batches: (db, actor, query) => {
    const next = scoped.batches!(db, actor, query);
    return async (beforeId, limit) => {
      return presentCampaigns(db.kysely, await next(beforeId, limit));
    };
  },
};

/** GET api/AccessReviews/{id}: one campaign with its scope as sent. */
export async function findCampaign(db: Db, actor: Actor, reviewId: number): Promise<AccessReviewDetail> {
  const row = await q.findCampaignRow(db.kysely, campaignScopeOf(actor, 'read'), reviewId);
  if (!row) {
    throw notFound(messages.accessReviewNotFound);
  }
  const [names, progressOf] = await Promise.all([
    q.findScopeNames(db.kysely, [reviewId]),
    findProgress(db.kysely, [reviewId]),
  ]);
  return presentDetail(row, names, progressOf(reviewId));
}

/** The stored fields of a body; 422 on a due date in the past or a named reviewer who does not exist. */
async function valuesOf(trx: Executor, input: AccessReviewInput): Promise<q.CampaignValues> {
  if (input.dueDate < todayDay()) {
    throw unprocessable(messages.accessReviewDueDatePast);
  }
  const reviewerUserId = typeof input.reviewer === 'object' ? input.reviewer.userId : null;
  if (reviewerUserId !== null && !(await q.userExists(trx, reviewerUserId))) {
    throw unprocessable(messages.accessReviewReviewerUnknown);
  }
  return {
    name: input.name,
    reviewerRule: typeof input.reviewer === 'object' ? 'user' : input.reviewer,
    reviewerUserId,
    dueDate: `${input.dueDate}T00:00:00.000Z`,
    whenUndecided: input.whenUndecided,
    recurrenceMonths: input.recurrenceMonths,
    internal:
      input.scope.internal === undefined || input.scope.internal === null
        ? null
        : input.scope.internal
          ? 1
          : 0,
    activeForDays: input.scope.activeForDays ?? null,
  };
}

/**
 * The scope rule of an administrator's campaign, checked on the rows just written (the same SQL
 * that decides which campaigns she sees): it names a region or market, and each lies in her rows.
 */
async function checkAdminScope(
  trx: Executor,
  scope: q.CampaignScope,
  input: AccessReviewInput,
  reviewId: number,
) {
  if (scope.kind !== 'admin') {
    return;
  }
  if ((input.scope.regionIds ?? []).length === 0 && (input.scope.marketIds ?? []).length === 0) {
    throw forbidden(messages.accessReviewScopeNeedsPlace);
  }
  if (!(await q.isCampaignInAdminRows(trx, scope.userId, reviewId))) {
    throw forbidden(messages.accessReviewScopeOutsideRows);
  }
}

/** POST api/AccessReviews: a new draft. */
export function createCampaign(db: Db, actor: Actor, input: AccessReviewInput): Promise<AccessReviewCreated> {
  const scope = campaignScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const values = await valuesOf(trx, input);
    const reviewId = await q.insertCampaign(trx, { ...values, createdBy: actor.userId, nowIso: nowIso() });
    await q.replaceScopeRows(trx, reviewId, scopeRowsOf(input.scope));
    await checkAdminScope(trx, scope, input, reviewId);
    return { reviewId };
  });
}

/** The campaign in the caller's reach, in one of `statuses` (404 / 409 with `message`). */
async function campaignIn(
  trx: Executor,
  scope: q.CampaignScope,
  reviewId: number,
  statuses: readonly string[],
  message: string,
): Promise<q.CampaignDbRow> {
  const campaign = await q.findCampaign(trx, scope, reviewId);
  if (!campaign) {
    throw notFound(messages.accessReviewNotFound);
  }
  if (!statuses.includes(campaign.status)) {
    throw conflict(message, { reviewId, status: campaign.status });
  }
  return campaign;
}

/** PUT api/AccessReviews/{id}: a draft's new fields and scope (409 once it started). */
export function updateCampaign(
  db: Db,
  actor: Actor,
  reviewId: number,
  input: AccessReviewInput,
): Promise<AccessReviewCreated> {
  const scope = campaignScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    await campaignIn(trx, scope, reviewId, ['draft'], messages.accessReviewNotDraft);
    const values = await valuesOf(trx, input);
    if (!(await q.updateDraft(trx, reviewId, { ...values, updatedBy: actor.userId, nowIso: nowIso() }))) {
      throw conflict(messages.accessReviewNotDraft);
    }
    await q.replaceScopeRows(trx, reviewId, scopeRowsOf(input.scope));
    await checkAdminScope(trx, scope, input, reviewId);
    return { reviewId };
  });
}

/**
 * PUT api/AccessReviews/{id}/Start: draft → active and, in the same transaction, the snapshot
 * (`startDraft`). A scope that matches nothing: 422, and the campaign stays a draft. Twice, or
 * on two instances at once: the compare-and-set lets one start through, the other gets 409; the
 * unique (campaign, record) would refuse a second item anyway.
 */
export async function startCampaign(db: Db, actor: Actor, reviewId: number): Promise<AccessReviewStarted> {
  const scope = campaignScopeOf(actor, 'write');
  const started = await inTransaction(db, async (trx) => {
    const campaign = await campaignIn(trx, scope, reviewId, ['draft'], messages.accessReviewNotDraft);
    return startDraft(trx, db, campaign, { actorId: actor.userId, nowIso: nowIso() });
  });
  await snapshot.refreshItemStatistics(db);
  return started;
}

/**
 * Moves a draft to active and takes its snapshot, in the caller's transaction: one item per
 * active access record in scope (and inside the creator's admin rows unless she is a super
 * administrator), each with its reviewer, who is told (not `actorId`, who started it). Nothing in
 * scope: 422. The caller refreshes the items' statistics after its commit.
 */
export async function startDraft(
  trx: Executor,
  db: Db,
  campaign: q.CampaignDbRow,
  o: { actorId: number; nowIso: string },
): Promise<AccessReviewStarted> {
  const { reviewId } = campaign;
  const moved = await q.moveCampaign(trx, {
    reviewId,
    from: ['draft'],
    to: 'active',
    actorId: o.actorId,
    nowIso: o.nowIso,
    set: { startedDate: o.nowIso },
  });
  if (!moved) {
    throw conflict(messages.accessReviewNotDraft);
  }
  const lists = scopeOf(await q.findScopeRows(trx, [reviewId]), campaign);
  const itemCount = await snapshot.insertSnapshot(
    trx,
    db.dialect,
    {
      reviewId,
      lists,
      internal: campaign.internal,
      activeForDays: campaign.activeForDays,
      reviewerRule: campaign.reviewerRule,
      reviewerUserId: campaign.reviewerUserId,
      boundToAdmin: (await q.isSuperAdmin(trx, campaign.createdBy)) ? null : campaign.createdBy,
    },
    o.nowIso,
  );
  if (itemCount === 0) {
    throw unprocessable(messages.accessReviewScopeEmpty);
  }
  if (campaign.reviewerRule === 'approver') {
    await snapshot.handToDelegates(trx, reviewId, o.nowIso);
  }
  await snapshot.unnameOwnItems(trx, reviewId);
  await queueAccessReviewNotices(
    trx,
    { stage: 'start', campaign: campaign.name, dueDate: campaign.dueDate.slice(0, 10) },
    await findReviewersToTell(trx, reviewId),
    o.actorId,
  );
  return { reviewId, itemCount };
}

/** PUT api/AccessReviews/{id}/Cancel: a draft or active campaign ends; its undecided items are never applied. */
export function cancelCampaign(db: Db, actor: Actor, reviewId: number): Promise<AccessReviewMoved> {
  const scope = campaignScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    await campaignIn(trx, scope, reviewId, ['draft', 'active'], messages.accessReviewNotCancellable);
    const now = nowIso();
    const moved = await q.moveCampaign(trx, {
      reviewId,
      from: ['draft', 'active'],
      to: 'cancelled',
      actorId: actor.userId,
      nowIso: now,
      set: { closedDate: now },
    });
    if (!moved) {
      throw conflict(messages.accessReviewNotCancellable);
    }
    return { reviewId, status: 'cancelled', appliedCount: 0, handedCount: 0 };
  });
}

/** Items a close decides per statement group (each a few statements far below the parameter limits). */
const CLOSE_CHUNK = 500;

/**
 * PUT api/AccessReviews/{id}/Close: an active campaign's undecided items get its default, in one
 * transaction (`applyClose`).
 */
export function closeCampaign(db: Db, actor: Actor, reviewId: number): Promise<AccessReviewMoved> {
  const scope = campaignScopeOf(actor, 'write');
  return inTransaction(db, async (trx) => {
    const campaign = await campaignIn(trx, scope, reviewId, ['active'], messages.accessReviewNotActive);
    return applyClose(trx, db, campaign, { actorId: actor.userId, nowIso: nowIso() });
  });
}

/**
 * Gives an active campaign's undecided items its default, in the caller's transaction.
 * 'keep': kept, decided by nobody (the system). 'revoke': each item whose record can still be
 * revoked is revoked as a reviewer's revoke is (a Deactivate line approved by the review, created
 * by `actorId`); an item whose record ended or has an Approved change waiting stays undecided.
 * Then the campaign is closed. 'administrators': the undecided items go to the administrators of
 * their records' region and market and the campaign stays active; once they are all decided, it
 * closes.
 */
export async function applyClose(
  trx: Executor,
  db: Db,
  campaign: q.CampaignDbRow,
  o: { actorId: number; nowIso: string },
): Promise<AccessReviewMoved> {
  const { reviewId } = campaign;
  let appliedCount = 0;
  switch (campaign.whenUndecided) {
    case 'administrators': {
      const handedCount = await items.updateUndecided(trx, reviewId, { reviewerUserId: null });
      if (handedCount > 0) {
        return { reviewId, status: 'active', appliedCount: 0, handedCount };
      }
      break;
    }
    case 'revoke': {
      const revocable = await items.findRevocableUndecided(trx, reviewId);
      for (let i = 0; i < revocable.length; i += CLOSE_CHUNK) {
        const chunk = revocable.slice(i, i + CLOSE_CHUNK);
        const decided = await items.decideItems(trx, {
          itemIds: chunk.map((c) => c.itemId),
          decision: 'revoke',
          comment: messages.accessReviewDefaultComment,
          decidedBy: null,
          nowIso: o.nowIso,
        });
        if (decided !== chunk.length) {
          throw conflict(messages.accessReviewItemDecided);
        }
        await revokeRecords(trx, db, o.actorId, chunk, {
          comment: messages.accessReviewDefaultComment,
          reviewerName: messages.accessReviewSystem,
          nowIso: o.nowIso,
        });
        appliedCount += decided;
      }
      break;
    }
    default:
      appliedCount = await items.updateUndecided(trx, reviewId, {
        decision: 'keep',
        comment: messages.accessReviewDefaultComment,
        decidedBy: null,
        decidedAt: o.nowIso,
      });
  }
  const moved = await q.moveCampaign(trx, {
    reviewId,
    from: ['active'],
    to: 'closed',
    actorId: o.actorId,
    nowIso: o.nowIso,
    set: { closedDate: o.nowIso },
  });
  if (!moved) {
    throw conflict(messages.accessReviewNotActive);
  }
  return { reviewId, status: 'closed', appliedCount, handedCount: 0 };
}
