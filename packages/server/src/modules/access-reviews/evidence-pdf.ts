import type { Readable } from 'node:stream';
import {
  accessReviewEvidencePdfHeaders,
  formatDate,
  keptZoneFormatters,
  messages,
  timeZoneOrUtc,
  type AccessReviewDetail,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import {
  tablePdf,
  type PdfTableColumn,
  type PdfTableHeading,
  type PdfTableRow,
} from '../tracker/pdf-table.ts';
import { evidenceWords } from './evidence.ts';
import { findEvidenceBatch, type EvidenceDbRow } from './evidence-queries.ts';
import { findCampaign } from './service.ts';

/**
 * GET api/AccessReviews/{id}/Evidence/Pdf (issue 46, item 6): a campaign's evidence as a PDF, the
 * CSV's facts in a table a person prints or files: every item with the user and the access
 * reviewed, the reviewer, the decision and its comment, who decided and when, and for a revoke
 * its Deactivate line and provisioning outcome, under a heading that says what the campaign was.
 */

/** Items read per query: one batch is held at a time (keyset on the item id). */
export const EVIDENCE_PDF_BATCH = 2_000;

type Key = keyof typeof accessReviewEvidencePdfHeaders;

const h = accessReviewEvidencePdfHeaders;
/** Widths in points, 782 in all (landscape A4 inside its margins). */
const COLUMNS: readonly PdfTableColumn<Key>[] = [
  { key: 'item', header: h.item, width: 46 },
  { key: 'user', header: h.user, width: 132 },
  { key: 'access', header: h.access, width: 158 },
  { key: 'reviewer', header: h.reviewer, width: 86 },
  { key: 'decision', header: h.decision, width: 42 },
  { key: 'comment', header: h.comment, width: 148 },
  { key: 'decided', header: h.decided, width: 86 },
  { key: 'revoke', header: h.revoke, width: 84 },
];

const withLines = (...parts: (string | number | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join('\n');

type Dates = ReturnType<typeof keptZoneFormatters>;

/** One item's cells, worded as the CSV words them (the same names for nobody and the system). */
function cellsOf(row: EvidenceDbRow, dates: Dates): PdfTableRow<Key> {
  const words = evidenceWords(row);
  return {
    item: withLines(row.itemId, messages.accessReviewEvidenceRecord(row.recordId)),
    user: withLines(
      row.userName,
      row.userEmail,
      row.platformEmail === row.userEmail ? '' : row.platformEmail,
    ),
    access: withLines(
      row.platform,
      row.client,
      row.clientAccount,
      row.platformUserType,
      dates.date(row.sinceDate),
    ),
    reviewer: words.reviewer,
    decision: words.decision,
    comment: row.comment ?? '',
    decided: withLines(words.decidedBy, dates.dateTime(row.decidedAt)),
    revoke:
      row.revokeRequestId === null
        ? ''
        : withLines(messages.accessReviewEvidenceRevokeLine(row.revokeRequestId), words.outcome),
  };
}

/** The heading: the campaign's name, its scope in words, status and due date, its counts, when. */
function headingOf(campaign: AccessReviewDetail, dates: Dates, zone: string): PdfTableHeading {
  return {
    title: messages.accessReviewEvidenceTitle(campaign.name),
    lines: [
      messages.accessReviewEvidenceScope(campaign.scopeText),
      messages.accessReviewEvidenceStatus(campaign.statusName, formatDate(campaign.dueDate)),
      messages.accessReviewEvidenceCounts({
        items: campaign.itemCount,
        kept: campaign.keptCount,
        revoked: campaign.revokedCount,
        undecided: campaign.undecidedCount,
      }),
      messages.accessReviewEvidenceGenerated(dates.dateTime(new Date().toISOString()), zone),
    ],
  };
}

/** Every item of the campaign, highest id first, in keyset batches of EVIDENCE_PDF_BATCH. */
async function* itemBatches(db: Db, reviewId: number, dates: Dates): AsyncGenerator<PdfTableRow<Key>[]> {
  let beforeId: number | null = null;
  for (;;) {
    const rows = await findEvidenceBatch(db.kysely, reviewId, beforeId, EVIDENCE_PDF_BATCH);
    yield rows.map((r) => cellsOf(r, dates));
    const last = rows.at(-1);
    if (rows.length < EVIDENCE_PDF_BATCH || !last) {
      return;
    }
    beforeId = last.itemId;
  }
}

/**
 * The evidence PDF of a campaign the caller reaches (as the CSV: administrators within their
 * rows, super administrators, the auditor; any other: 404), dates in `timeZone`. The campaign
 * and its counts are read before the first byte; the items stream in batches as pages fill.
 */
export async function evidencePdf(
  db: Db,
  actor: Actor,
  reviewId: number,
  timeZone: string,
): Promise<Readable> {
  const campaign = await findCampaign(db, actor, reviewId);
  const zone = timeZoneOrUtc(timeZone);
  const dates = keptZoneFormatters(zone);
  return tablePdf(
    {
      columns: COLUMNS,
      info: {
        Title: messages.accessReviewEvidenceTitle(campaign.name),
        Subject: `Access review ${reviewId}`,
      },
      headingWhenEmpty: true,
    },
    headingOf(campaign, dates, zone),
    itemBatches(db, reviewId, dates),
  );
}
