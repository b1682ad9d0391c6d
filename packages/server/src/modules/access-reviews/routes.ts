import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Role,
  accessReviewCreated,
  accessReviewDecided,
  accessReviewDecisionInput,
  accessReviewDetail,
  accessReviewEvidenceQuery,
  accessReviewInput,
  accessReviewMoved,
  accessReviewReviewersTable,
  accessReviewStarted,
  accessReviewsTable,
  idParam,
  messages,
  minExportRole,
  myAccessReviewItemsTable,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { adminRead, adminWrite } from '../../http/access.ts';
import { requireActor } from '../../http/actor.ts';
import { declaredRoutes } from '../../http/declared-routes.ts';
import { sendCsv, sendPdf } from '../../http/csv-reply.ts';
import { ok } from '../../http/envelope.ts';
import { tableRoutes } from '../../http/table-routes.ts';
import { evidenceCsv } from './evidence.ts';
import { evidencePdf } from './evidence-pdf.ts';
import * as items from './items-service.ts';
import * as reviewerProgress from './reviewers-service.ts';
import * as reviews from './service.ts';

const campaignsRule =
  'Super administrators and the auditor reach every campaign; an administrator the campaigns that name at least one region or market, each inside her admin (region, market) rows (a region wholly: every active market of it).';
const scopeRule = `An administrator's campaign names at least one region or market, each inside her admin rows, else 403 ('${messages.accessReviewScopeNeedsPlace}' / '${messages.accessReviewScopeOutsideRows}'); a super administrator's may name any scope.`;
const reviewParams = z.object({ id: idParam });
const itemsRule =
  "The undecided and decided items of active campaigns whose reviewer is the caller; the items naming no reviewer (the administrators') also to an administrator whose admin rows hold the record's (region, market), and to super administrators; never an item about the caller's own access. reviewId: one campaign's.";

/**
 * Routes of access review campaigns (issue 46; ours, the spec has none): administrators within
 * their rows and super administrators write, the auditor reads.
 */
export const accessReviewRoutes: FastifyPluginAsync<{ db: Db }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['access reviews'];
  const route = declaredRoutes(base, tags);

  tableRoutes(base, db, accessReviewsTable, reviews.campaigns, {
    access: adminRead,
    tags,
    rowsRule: campaignsRule,
    pageDescription:
      'Each campaign with its scope in words and its progress (items, decided, kept, revoked, undecided).',
  });

  route('POST /api/AccessReviews', {
    access: adminWrite,
    errors: [403, 422],
    summary: 'Create an access review campaign (a draft)',
    description: `The scope's lists (absent or empty: any), internal (null: both), activeForDays; reviewer 'approver' (default: the path's approver), 'manager' or { userId }; the due date (not in the past, else 422); whenUndecided keep | revoke | administrators; recurrenceMonths 3, 6 or 12: the hourly access-reviews job starts the next campaign that many months after this one started (same scope and length, created by the same person); cancelling a campaign ends its series. ${scopeRule}`,
    body: accessReviewInput,
    answer: accessReviewCreated,
    handle: async (actor, { body }) =>
      ok(await reviews.createCampaign(db, actor, body), messages.accessReviewSaved),
  });

  route('GET /api/AccessReviews/:id', {
    access: adminRead,
    errors: [404],
    summary: 'One access review campaign with its scope as sent and its progress',
    description: `${campaignsRule} Any other campaign: 404.`,
    params: reviewParams,
    answer: accessReviewDetail,
    handle: async (actor, { params }) => ok(await reviews.findCampaign(db, actor, params.id)),
  });

  route('PUT /api/AccessReviews/:id', {
    access: adminWrite,
    errors: [403, 404, 409, 422],
    summary: 'Edit a draft campaign (its name, scope, reviewer, due date, what happens to undecided items)',
    description: `The body of POST api/AccessReviews. A campaign that started (or ended): 409 '${messages.accessReviewNotDraft}'. ${scopeRule}`,
    params: reviewParams,
    body: accessReviewInput,
    answer: accessReviewCreated,
    handle: async (actor, { params, body }) =>
      ok(await reviews.updateCampaign(db, actor, params.id, body), messages.accessReviewSaved),
  });

  route('PUT /api/AccessReviews/:id/Start', {
    access: adminWrite,
    errors: [404, 409, 422],
    summary: 'Start a draft campaign: one item per active access record in its scope',
    description: `In one transaction: draft → active (compare-and-set; not a draft: 409) and the snapshot, one INSERT … SELECT of every active access record in scope (and inside the creator's admin rows unless she is a super administrator). Each item's reviewer: 'approver' the primary approver of the assignment covering the record's path (the one naming the client wins), the secondary when the primary is the subject, the delegate of one away today; 'manager' the subject's manager's profile; { userId } that person; nobody left, or the subject: the administrators of the record's region and market. A scope matching no active access: 422 '${messages.accessReviewScopeEmpty}' and the campaign stays a draft.`,
    params: reviewParams,
    answer: accessReviewStarted,
    handle: async (actor, { params }) => {
      const started = await reviews.startCampaign(db, actor, params.id);
      return ok(started, messages.accessReviewStarted(started.itemCount));
    },
  });

  route('PUT /api/AccessReviews/:id/Cancel', {
    access: adminWrite,
    errors: [404, 409],
    summary: 'Cancel a draft or active campaign',
    description: `Its items stay as they are; the undecided ones are never applied. A closed or cancelled campaign: 409 '${messages.accessReviewNotCancellable}'.`,
    params: reviewParams,
    answer: accessReviewMoved,
    handle: async (actor, { params }) =>
      ok(await reviews.cancelCampaign(db, actor, params.id), messages.accessReviewCancelled),
  });

  route('PUT /api/AccessReviews/:id/Close', {
    access: adminWrite,
    errors: [404, 409],
    summary: "Close an active campaign: its undecided items get the campaign's default",
    description: `In one transaction. whenUndecided 'keep': the undecided items are kept, decided by nobody (the system); 'revoke': each one whose record can still be revoked is revoked as a reviewer's revoke is (a Deactivate line approved by the review, created by the caller) — one whose record ended or has an Approved change waiting stays undecided — and the campaign closes; 'administrators': the undecided items go to the administrators of their records' region and market and the campaign stays active (status 'active', handedCount); a Close once none is undecided closes it. Not active: 409 '${messages.accessReviewNotActive}'.`,
    params: reviewParams,
    answer: accessReviewMoved,
    handle: async (actor, { params }) => {
      const moved = await reviews.closeCampaign(db, actor, params.id);
      return ok(
        moved,
        moved.status === 'closed'
          ? messages.accessReviewClosed
          : messages.accessReviewHandedToAdministrators(moved.handedCount),
      );
    },
  });

  app.get('/api/AccessReviews/:id/Evidence', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: "A campaign's evidence: every item as a streamed CSV file",
      description: `${campaignsRule} One row per item, highest item id first: the user and the access reviewed, the reviewer ('${messages.accessReviewAdministrators}' when nobody was named), the decision, its comment, who decided (the system's default at closing: '${messages.accessReviewSystem}') and when (dates in localTimeZone), and for a revoke its Deactivate line and provisioning outcome. Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      params: reviewParams,
      querystring: accessReviewEvidenceQuery,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      const csv = await evidenceCsv(db, requireActor(req), req.params.id, req.query.localTimeZone);
      return sendCsv(reply, `access-review-${req.params.id}-evidence.csv`, csv);
    },
  });

  app.get('/api/AccessReviews/:id/Evidence/Pdf', {
    config: { access: adminRead },
    schema: {
      tags,
      errors: [404],
      summary: "A campaign's evidence as a streamed PDF file",
      description: `${campaignsRule} Any other campaign: 404. A heading (the campaign's name, its scope in words, status, due date, the counts of items, kept, revoked and undecided, and when the file was made), then one table row per item, highest item id first, with what the CSV holds: the user and the access reviewed, the reviewer ('${messages.accessReviewAdministrators}' when nobody was named), the decision, its comment, who decided ('${messages.accessReviewSystem}' for the default at closing) and when (dates in localTimeZone), and for a revoke its Deactivate line and provisioning outcome. Items are read in keyset batches and the document is sent as it is written.`,
      params: reviewParams,
      querystring: accessReviewEvidenceQuery,
      produces: ['application/pdf'],
    },
    handler: async (req, reply) => {
      const pdf = await evidencePdf(db, requireActor(req), req.params.id, req.query.localTimeZone);
      return sendPdf(reply, `access-review-${req.params.id}-evidence.pdf`, pdf);
    },
  });

  tableRoutes(base, db, myAccessReviewItemsTable, items.myItems, {
    access: { minRole: Role.STANDARD, auditor: true },
    // The standard role exports no table (minExportRole): a reviewer who is one reads the page.
    exportAccess: { minRole: minExportRole, auditor: true },
    tags,
    rowsRule: itemsRule,
    pageDescription:
      "Each item with the record's user, platform, client, account, user type, since when, who requested and approved it, the decision and where it stands (state); notDecidableReason / notRevocableReason: why a control is disabled.",
  });

  route('PATCH /api/AccessReviews/Items', {
    access: { minRole: Role.STANDARD, auditor: false },
    errors: [404, 409, 422],
    summary: 'Keep or revoke access review items, all or nothing',
    description: `One transaction for every item named (at most 1,000): each must be the caller's to decide (${itemsRule}) else 404 '${messages.accessReviewItemNotFound}'; undecided, else 409 '${messages.accessReviewItemDecided}'; in an active campaign, else 409 '${messages.accessReviewCampaignClosed}'. A revoke needs a comment (422 '${messages.accessReviewCommentRequired}'); its record must still be active (409 '${messages.accessReviewRecordEnded}') with no Approved change waiting (409 '${messages.accessReviewPendingChange}'); a Submitted change is replaced. Each revoke creates a Deactivate line already Approved by the review (its history names the campaign and the reviewer), routed to the provisioners. Two reviewers at once: one wins, the other gets 409 and nothing changes.`,
    body: accessReviewDecisionInput,
    answer: accessReviewDecided,
    handle: async (actor, { body }) => {
      const decided = await items.decideItems(db, actor, body);
      return ok(decided, messages.accessReviewsDecided(decided.decidedCount));
    },
  });

  // The campaign page (issue 46 item 5): its reviewers and how far each is.
  tableRoutes(base, db, accessReviewReviewersTable, reviewerProgress.reviewers, {
    access: adminRead,
    tags,
    rowsRule: `${campaignsRule} Any other campaign: 404.`,
    pageDescription: `One row per reviewer of the campaign (the items naming nobody: one row, '${messages.accessReviewAdministrators}', reviewerUserId null, reviewerKey 0) with their items, decided, kept, revoked and undecided counts, the time of their latest decision, and isOverdue: undecided items left in an active campaign whose due day has passed. Default order: the overdue first, then the most undecided, then the name. searchCriteria: the reviewer's name or email.`,
  });
};
