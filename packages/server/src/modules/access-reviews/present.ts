import {
  accessReviewScopeListNames,
  accessReviewScopeLists,
  messages,
  type AccessReviewDetail,
  type AccessReviewRow,
  type AccessReviewScope,
  type AccessReviewScopeList,
  type AccessReviewStatus,
  type AccessReviewer,
  type ReviewerRule,
  type WhenUndecided,
} from '@uap/domain';
import type { CampaignProgress } from './progress-queries.ts';
import { scopeKinds, type CampaignListDbRow } from './queries.ts';

const listOfKind = Object.fromEntries(
  Object.entries(scopeKinds).map(([list, kind]) => [kind, list as AccessReviewScopeList]),
);

/** A campaign's scope rows, back into the body's lists (a list it does not name is absent). */
export function scopeOf(
  rows: readonly { kind: string; refId: number }[],
  campaign: { internal: number | null; activeForDays: number | null },
): AccessReviewScope {
  const scope: AccessReviewScope = {};
  for (const row of rows) {
    const list = listOfKind[row.kind];
    if (list) {
      (scope[list] ??= []).push(row.refId);
    }
  }
  if (campaign.internal !== null) {
    scope.internal = campaign.internal === 1;
  }
  if (campaign.activeForDays !== null) {
    scope.activeForDays = campaign.activeForDays;
  }
  return scope;
}

/** The scope in words: 'Region: EMEA; Platform: Meta, Google Ads; Internal users; Active over 90 days'. */
export function scopeText(
  rows: readonly { kind: string; name: string | null; refId: number }[],
  campaign: { internal: number | null; activeForDays: number | null },
): string {
  const parts: string[] = [];
  for (const list of accessReviewScopeLists) {
    const kind = scopeKinds[list];
    const names = rows.filter((r) => r.kind === kind).map((r) => r.name ?? `#${r.refId}`);
    if (names.length > 0) {
      parts.push(`${accessReviewScopeListNames[list].one}: ${names.join(', ')}`);
    }
  }
  if (campaign.internal !== null) {
    parts.push(
      campaign.internal === 1 ? messages.accessReviewInternalUsers : messages.accessReviewExternalUsers,
    );
  }
  if (campaign.activeForDays !== null) {
    parts.push(messages.accessReviewHeldOver(campaign.activeForDays));
  }
  return parts.length > 0 ? parts.join('; ') : messages.accessReviewEverything;
}

/** The scope rows of a body's lists (each id once). */
export function scopeRowsOf(scope: AccessReviewScope): { kind: string; refId: number }[] {
  return accessReviewScopeLists.flatMap((list) =>
    [...new Set(scope[list] ?? [])].map((refId) => ({ kind: scopeKinds[list], refId })),
  );
}

/** A campaign row of the list, its scope in words given. */
export function presentCampaign(
  row: CampaignListDbRow,
  text: string,
  progress: CampaignProgress,
): AccessReviewRow {
  return {
    reviewId: row.reviewId,
    name: row.name,
    status: row.status as AccessReviewStatus,
    statusName: row.statusName,
    reviewerRule: row.reviewerRule as ReviewerRule,
    reviewerUserId: row.reviewerUserId,
    reviewerText: row.reviewerText,
    scopeText: text,
    dueDate: row.dueDate,
    whenUndecided: row.whenUndecided as WhenUndecided,
    recurrenceMonths: row.recurrenceMonths,
    createdByName: row.createdByName,
    createdDate: row.createdDate,
    startedDate: row.startedDate,
    closedDate: row.closedDate,
    ...progress,
  };
}

/** One campaign with its scope as sent, for the edit dialog. */
export function presentDetail(
  row: CampaignListDbRow,
  rows: readonly { kind: string; name: string | null; refId: number }[],
  progress: CampaignProgress,
): AccessReviewDetail {
  const reviewer: AccessReviewer =
    row.reviewerRule === 'user' && row.reviewerUserId !== null
      ? { userId: row.reviewerUserId }
      : row.reviewerRule === 'manager'
        ? 'manager'
        : 'approver';
  return { ...presentCampaign(row, scopeText(rows, row), progress), scope: scopeOf(rows, row), reviewer };
}
