import {
  messages,
  PLATFORM_OWNERSHIP_ID,
  startOfTodayUtc,
  type CreateRequestInput,
  type SameAccessInput,
  type SameAccessLine,
  type SameAccessPreviewInput,
  type SameAccessResult,
} from '@uap/domain';
import { inTransaction, type Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { queueNotifications } from '../notifications/outbox.ts';
import { readAhead } from './plan-reader.ts';
import { findColleagueRecords, type ColleagueRecord } from './same-access-queries.ts';
import { planQuestions, planRequest, writeRequests } from './service.ts';
import type { NewLine } from './write-queries.ts';

/**
 * The preview has no comment or manager yet: it plans each line with stand-ins the rules accept
 * and writes nothing. The request-wide rules they stand for (a comment of 4 letters, an internal
 * user's manager) are checked when the request is sent.
 */
const PREVIEW_COMMENT = 'Preview of the same access';
const PREVIEW_MANAGER = 'preview.manager@uap.invalid';

/** The wizard's input of one copied record: its path and account, with the record's own length of access. */
function inputOf(record: CopySource, o: CopyFor, today: string): CreateRequestInput {
  const isBusiness = record.isPlatformRequest === 1;
  const end = record.expirationDate?.slice(0, 10) ?? null;
  return {
    IsInternal: false,
    UserId: o.UserId,
    Email: o.Email,
    RegionId: record.regionId,
    MarketId: record.marketId,
    AgencyId: record.agencyId,
    PracticeId: record.practiceId,
    PlatformId: record.platformId,
    ClientId: isBusiness ? null : record.clientId,
    ClientCodeId: isBusiness ? null : record.clientCodeId,
    ProductCode: isBusiness ? null : record.productCode,
    PlatformOwnerShipId: PLATFORM_OWNERSHIP_ID,
    SharePointId: null,
    Comments: o.Comments,
    IsUrgent: o.IsUrgent,
    ManagerEmail: o.ManagerEmail ?? null,
    ManagerName: o.ManagerName ?? null,
    isPlaformRequest: isBusiness,
    RequestAccountAccess: [
      {
        AssetId: isBusiness ? null : record.assetId,
        PlatformUserTypeId: record.platformUserTypeId ?? 0,
        ClientAccountsIds: record.clientAccountId === null ? [] : [record.clientAccountId],
        // The colleague's end date, from today; unlimited stays unlimited.
        isUnlimitedAccess: end === null,
        BeginningDate: end === null ? null : today,
        ExpirationDate: end,
      },
    ],
  };
}

/** What a record would write, once: the same path and account (or business access) twice is refused. */
const accessKey = (r: CopySource) =>
  [r.regionId, r.marketId, r.agencyId, r.practiceId, r.platformId].join(':') +
  (r.isPlatformRequest === 1 ? ':business' : `:${r.assetId ?? 0}:${r.clientAccountId ?? 0}`);

export interface Planned {
  line: SameAccessLine;
  lines: NewLine[];
}

/** What a request copies: an active record of a colleague, or an access a bundle names. */
export type CopySource = ColleagueRecord;

/** The person and the choices a copy is planned for (a preview has stand-ins for the comment and manager). */
type CopyFor = Pick<SameAccessPreviewInput, 'UserId' | 'Email' | 'ManagerEmail' | 'ManagerName'> & {
  Comments: string;
  IsUrgent: boolean;
};

/**
 * Plans every source as the wizard's Create would plan it for the user (`planRequest`: the
 * master data still active, the Meta rule, the user's email, a duplicate of what the user
 * holds), reading ahead once for all of them: no query per source.
 */
export async function planCopies(
  db: Db,
  actor: Actor,
  sources: readonly CopySource[],
  o: CopyFor,
): Promise<Planned[]> {
  const today = startOfTodayUtc().toISOString().slice(0, 10);
  const inputs = sources.map((r) => inputOf(r, o, today));
  const read = await readAhead(db, planQuestions(inputs));
  const seen = new Set<string>();
  const planned: Planned[] = [];
  for (const [i, record] of sources.entries()) {
    const line = {
      recordId: record.requestId,
      platformName: record.platformName,
      clientName: record.clientName ?? '',
      assetName: record.assetName ?? '',
      clientAccountName: record.clientAccountName ?? '',
      platformUserTypeName: record.platformUserTypeName ?? '',
      heldRequestId: null,
      reason: null,
    };
    const key = accessKey(record);
    if (seen.has(key)) {
      planned.push({ line: { ...line, outcome: 'refused', reason: messages.sameAccessTwice }, lines: [] });
      continue;
    }
    seen.add(key);
    try {
      const { lines } = await planRequest(read, actor, inputs[i]!);
      planned.push({ line: { ...line, outcome: 'request' }, lines });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) {
        throw error;
      }
      const held = (error.data as { requestId?: unknown } | null)?.requestId;
      planned.push({
        line:
          typeof held === 'number'
            ? { ...line, outcome: 'held', heldRequestId: held }
            : { ...line, outcome: 'refused', reason: error.message },
        lines: [],
      });
    }
  }
  return planned;
}

/** The colleague's chosen records; one not among their active ones answers 404 (the list is out of date). */
async function colleagueRecords(db: Db, o: Pick<SameAccessPreviewInput, 'ColleagueId' | 'RecordIds'>) {
  const ids = [...new Set(o.RecordIds)];
  const records = await findColleagueRecords(db.kysely, o.ColleagueId, ids, startOfTodayUtc().toISOString());
  if (records.length !== ids.length) {
    throw notFound(messages.sameAccessRecordsGone);
  }
  return records;
}

/** A preview's stand-ins: the request-wide rules they stand for are checked when it is sent. */
export const previewFor = (
  o: Pick<SameAccessPreviewInput, 'UserId' | 'Email' | 'ManagerEmail' | 'ManagerName'>,
) => ({
  ...o,
  ManagerEmail: o.ManagerEmail || PREVIEW_MANAGER,
  Comments: PREVIEW_COMMENT,
  IsUrgent: false,
});

/**
 * Writes the planned lines that may be requested as one request (one submission), each with
 * `set` (the colleague it copies), routed and told to its approvers as any new line; the others
 * are listed as skipped. Nothing to request: 422.
 */
export async function sendCopies(
  db: Db,
  actor: Actor,
  planned: readonly Planned[],
  comments: string,
  set: Partial<NewLine> = {},
): Promise<{ data: SameAccessResult; message: string }> {
  const toWrite = planned.flatMap((p) => p.lines);
  if (toWrite.length === 0) {
    throw unprocessable(messages.sameAccessNothingToRequest, { lines: planned.map((p) => p.line) });
  }
  const submissionId = toWrite[0]!.submissionId;
  const lines = toWrite.map((line) => ({ ...line, submissionId, ...set }));
  const requestIds = await inTransaction(db, async (trx) => {
    const [ids] = await writeRequests(trx, [{ lines, comments }]);
    await queueNotifications(trx, 'submitted', ids!, actor.userId);
    return ids!;
  });
  const skipped = planned.filter((p) => p.line.outcome !== 'request').length;
  return {
    data: { requestIds, lines: planned.map((p) => p.line) },
    message: messages.sameAccessSubmitted(requestIds.length, skipped),
  };
}

/** POST api/Request/SameAccessAs/Preview: what each chosen record would become; nothing is written. */
export async function previewSameAccess(
  db: Db,
  actor: Actor,
  input: SameAccessPreviewInput,
): Promise<{ lines: SameAccessLine[] }> {
  const planned = await planCopies(db, actor, await colleagueRecords(db, input), previewFor(input));
  return { lines: planned.map((p) => p.line) };
}

/**
 * POST api/Request/SameAccessAs: one request with a line per chosen record the user does not
 * already hold and the rules allow, each naming the colleague it copies.
 */
export async function requestSameAccess(
  db: Db,
  actor: Actor,
  input: SameAccessInput,
): Promise<{ data: SameAccessResult; message: string }> {
  const planned = await planCopies(db, actor, await colleagueRecords(db, input), input);
  return sendCopies(db, actor, planned, input.Comments, { sameAccessAsUserId: input.ColleagueId });
}
