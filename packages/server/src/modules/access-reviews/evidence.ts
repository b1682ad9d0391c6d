import type { Readable } from 'node:stream';
import {
  accessReviewDecisionNames,
  accessReviewEvidenceHeaders,
  keptZoneFormatters,
  messages,
  revokeOutcomeNames,
  timeZoneOrUtc,
  type AccessReviewDecision,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { csvExport } from '../../db/csv-export.ts';
import type { CsvColumn } from '../../db/csv-text.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import { findEvidenceBatch, type EvidenceDbRow } from './evidence-queries.ts';
import * as q from './queries.ts';
import { campaignScopeOf } from './service.ts';

/**
 * A campaign's evidence (issue 46, item 6): every item with who reviewed it, the decision and
 * what became of a revoke, as a CSV file here and as a PDF (evidence-pdf.ts), in the same words.
 */

/** How the evidence words an item's reviewer, decision, decider and revoke's outcome. */
export function evidenceWords(row: EvidenceDbRow) {
  return {
    reviewer: row.reviewerName ?? messages.accessReviewAdministrators,
    decision: row.decision ? accessReviewDecisionNames[row.decision as AccessReviewDecision] : '',
    decidedBy: row.decidedByName ?? (row.decidedAt ? messages.accessReviewSystem : ''),
    outcome: row.revokeStatusId === null ? '' : (revokeOutcomeNames[row.revokeStatusId] ?? ''),
  };
}

/** The CSV's columns: what was reviewed, by whom, the decision, and what became of a revoke. */
function evidenceColumns(timeZone: string): CsvColumn<EvidenceDbRow>[] {
  const dates = keptZoneFormatters(timeZoneOrUtc(timeZone));
  const h = accessReviewEvidenceHeaders;
  return [
    { header: h.itemId, value: (r) => r.itemId },
    { header: h.campaign, value: (r) => r.campaign },
    { header: h.recordId, value: (r) => r.recordId },
    { header: h.userName, value: (r) => r.userName },
    { header: h.userEmail, value: (r) => r.userEmail },
    { header: h.platformEmail, value: (r) => r.platformEmail },
    { header: h.platform, value: (r) => r.platform },
    { header: h.client, value: (r) => r.client },
    { header: h.clientAccount, value: (r) => r.clientAccount },
    { header: h.platformUserType, value: (r) => r.platformUserType },
    { header: h.since, value: (r) => dates.date(r.sinceDate) },
    { header: h.reviewer, value: (r) => evidenceWords(r).reviewer },
    { header: h.decision, value: (r) => evidenceWords(r).decision },
    { header: h.comment, value: (r) => r.comment },
    { header: h.decidedBy, value: (r) => evidenceWords(r).decidedBy },
    { header: h.decidedAt, value: (r) => dates.dateTime(r.decidedAt) },
    { header: h.revokeRequestId, value: (r) => r.revokeRequestId },
    { header: h.provisioningOutcome, value: (r) => evidenceWords(r).outcome },
  ];
}

/** GET api/AccessReviews/{id}/Evidence: every item of a campaign as a streamed CSV file. */
export async function evidenceCsv(
  db: Db,
  actor: Actor,
  reviewId: number,
  timeZone: string,
): Promise<Readable> {
  const campaign = await q.findCampaign(db.kysely, campaignScopeOf(actor, 'read'), reviewId);
  if (!campaign) {
    throw notFound(messages.accessReviewNotFound);
  }
  return csvExport(
    (beforeId, limit) => findEvidenceBatch(db.kysely, reviewId, beforeId, limit),
    (row) => row.itemId,
    evidenceColumns(timeZone),
  );
}
