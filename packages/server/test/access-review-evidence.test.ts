import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, Role, type AccessReviewDecided } from '@uap/domain';
import { campaignBody, dueDate, reviewApi } from './access-review-helpers.ts';
import { appointRegionAdmin, createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildRecord, buildUser, type BuiltPath, type BuiltUser } from './factories.ts';
import { pdfText, pdfWords } from './pdf-text.ts';

/**
 * The evidence of an access review campaign as a PDF (issue 46, item 6): a heading that says what
 * the campaign was, then one row per item with its user, access, reviewer, decision, comment, who
 * decided and when, and for a revoke its Deactivate line and outcome; the CSV's reach (an
 * administrator within the campaign's rows, super administrators, the auditor); every item once,
 * across the batches the server reads.
 */

let ctx: TestContext;
let api: ReturnType<typeof reviewApi>;

beforeAll(async () => {
  ctx = await createTestContext();
  api = reviewApi(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** The table's columns as the PDF lays them out (points from the left edge), in order. */
const MARGIN = 30;
const WIDTHS = {
  item: 46,
  user: 132,
  access: 158,
  reviewer: 86,
  decision: 42,
  comment: 148,
  decided: 86,
  revoke: 84,
} as const;
type Column = keyof typeof WIDTHS;

/**
 * Each item's row, by item id: the words of each column between the row's first line and the
 * next row's. A row begins with the item id at the left edge of the first column.
 */
function rowsOf(pdf: Buffer): Map<number, Record<Column, string>> {
  const bounds: { column: Column; left: number; right: number }[] = [];
  let left = MARGIN;
  for (const [column, width] of Object.entries(WIDTHS) as [Column, number][]) {
    bounds.push({ column, left, right: left + width });
    left += width;
  }
  const rows = new Map<number, Record<Column, string>>();
  for (const page of pdfWords(pdf)) {
    const table = page.words.filter((w) => w.yMax - w.yMin < 11);
    const starts = table
      .filter((w) => w.xMin < MARGIN + 4 && /^\d+$/.test(w.text))
      .sort((a, b) => a.yMin - b.yMin);
    starts.forEach((start, i) => {
      // Text in the embedded fonts has a taller box than Helvetica's on the same line.
      const top = start.yMin - 3;
      const end = starts[i + 1] ? starts[i + 1]!.yMin - 3 : page.height;
      const inRow = table
        .filter((w) => w.yMin >= top && w.yMin < end)
        .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin);
      const cells = Object.fromEntries(
        bounds.map((b) => [
          b.column,
          inRow
            .filter((w) => w.xMin >= b.left && w.xMin < b.right)
            .map((w) => w.text)
            .join(' '),
        ]),
      ) as Record<Column, string>;
      expect(rows.has(Number(start.text)), `item ${start.text} listed twice`).toBe(false);
      rows.set(Number(start.text), cells);
    });
  }
  return rows;
}

const pdfUrl = (reviewId: number, zone?: string) =>
  `/api/AccessReviews/${reviewId}/Evidence/Pdf${zone ? `?localTimeZone=${encodeURIComponent(zone)}` : ''}`;

async function download(who: string | BuiltUser, reviewId: number, zone?: string): Promise<Buffer> {
  const res = await api.call(who, 'GET', pdfUrl(reviewId, zone));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="access-review-${reviewId}-evidence.pdf"`,
  );
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return res.rawPayload;
}

/** The due day as the PDF writes dates (MM-DD-YYYY). */
const dueDay = (() => {
  const [year, month, day] = dueDate.split('-');
  return `${month}-${day}-${year}`;
})();

interface Scene {
  path: BuiltPath;
  approver: BuiltUser;
  reviewId: number;
  name: string;
  kept: { itemId: number; holder: BuiltUser };
  revoked: { itemId: number; holder: BuiltUser; lineId: number };
  undecided: { itemId: number; holder: BuiltUser };
}

/**
 * A started campaign over one market whose path's approver reviews three records: one kept with
 * a comment, one revoked (a Deactivate line waiting for provisioning), one not decided yet.
 */
async function scene(): Promise<Scene> {
  const k = ctx.db.kysely;
  const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ava' });
  const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pip' });
  const path = await buildPath(k, {
    assignment: { primary: approver.userId, provisioner: provisioner.userId },
  });
  const holders = {
    kept: await buildUser(k, { name: 'Kim' }),
    revoked: await buildUser(k, { name: 'Rob' }),
    undecided: await buildUser(k, { name: 'Uma' }),
  };
  const records = {
    kept: await buildRecord(k, { path, user: holders.kept, decidedBy: approver.userId }),
    revoked: await buildRecord(k, { path, user: holders.revoked, decidedBy: approver.userId }),
    undecided: await buildRecord(k, { path, user: holders.undecided, decidedBy: approver.userId }),
  };
  const body = campaignBody({ scope: { marketIds: [path.marketId] }, whenUndecided: 'keep' });
  const reviewId = await api.create(demo.superAdmin, body);
  await api.start(demo.superAdmin, reviewId);
  const items = await api.myItems(approver, reviewId);
  const itemOf = (recordId: number) => items.find((i) => i.recordId === recordId)!.itemId;
  const keptId = itemOf(records.kept.requestId);
  const revokedId = itemOf(records.revoked.requestId);
  expect((await api.decide(approver, [keptId], 'keep', 'Still on the Zażółć account team')).statusCode).toBe(
    200,
  );
  const revoke = await api.decide(approver, [revokedId], 'revoke', 'Moved to another agency');
  expect(revoke.statusCode, revoke.body).toBe(200);
  const [lineId] = revoke.json<{ data: AccessReviewDecided }>().data.revokeRequestIds;
  return {
    path,
    approver,
    reviewId,
    name: body.name,
    kept: { itemId: keptId, holder: holders.kept },
    revoked: { itemId: revokedId, holder: holders.revoked, lineId: lineId! },
    undecided: { itemId: itemOf(records.undecided.requestId), holder: holders.undecided },
  };
}

let s: Scene;
beforeAll(async () => {
  s = await scene();
}, 60_000);

describe('GET api/AccessReviews/{id}/Evidence/Pdf', () => {
  it('heads the document with the campaign: name, scope in words, status, due date, counts, when', async () => {
    const text = pdfText(await download(demo.superAdmin, s.reviewId, 'America/New_York'));
    expect(text).toContain(`Access review evidence: ${s.name}`);
    expect(text).toContain(`Scope: Market: ${s.path.names.market}`);
    expect(text).toContain(`Status: Active. Due date: ${dueDay}.`);
    expect(text).toContain('Items: 3. Kept: 1. Revoked: 1. Undecided: 1.');
    expect(text).toMatch(/Generated \d{2}-\d{2}-\d{4} .*\(times in America\/New_York\)/);
  });

  it('lists each item: a kept one with its comment, a revoked one with its line and outcome, an undecided one', async () => {
    const rows = rowsOf(await download(demo.superAdmin, s.reviewId));
    expect([...rows.keys()]).toEqual(
      [s.kept.itemId, s.revoked.itemId, s.undecided.itemId].sort((a, b) => b - a),
    );
    const tag = s.path.names.platform.slice('Platform '.length);
    const approverName = `Ava ${s.approver.lastName}`;

    const kept = rows.get(s.kept.itemId)!;
    expect(kept.user).toContain(`Kim ${s.kept.holder.lastName}`);
    expect(kept.user).toContain(s.kept.holder.email);
    for (const part of [
      s.path.names.platform,
      s.path.names.client,
      s.path.names.account,
      `Standard ${tag}`,
    ]) {
      expect(kept.access).toContain(part);
    }
    expect(kept.reviewer).toBe(approverName);
    expect(kept.decision).toBe('Keep');
    expect(kept.comment).toBe('Still on the Zażółć account team');
    expect(kept.decided).toMatch(new RegExp(`^${approverName} \\d{2}-\\d{2}-\\d{4} `));
    expect(kept.revoke).toBe('');

    const revoked = rows.get(s.revoked.itemId)!;
    expect(revoked.user).toContain(`Rob ${s.revoked.holder.lastName}`);
    expect(revoked.decision).toBe('Revoke');
    expect(revoked.comment).toBe('Moved to another agency');
    expect(revoked.decided).toContain(approverName);
    expect(revoked.revoke).toBe(`Deactivate #${s.revoked.lineId} Waiting for provisioning`);

    const undecided = rows.get(s.undecided.itemId)!;
    expect(undecided.user).toContain(`Uma ${s.undecided.holder.lastName}`);
    expect(undecided.reviewer).toBe(approverName);
    expect(undecided.decision).toBe('');
    expect(undecided.comment).toBe('');
    expect(undecided.decided).toBe('');
    expect(undecided.revoke).toBe('');
  });

  it('the auditor downloads it; an administrator within the campaign’s rows too', async () => {
    expect(rowsOf(await download(demo.auditor, s.reviewId)).size).toBe(3);
    const ada = await buildUser(ctx.db.kysely, { name: 'Ada' });
    await appointRegionAdmin(ctx, ada, s.path);
    expect(rowsOf(await download(ada, s.reviewId)).size).toBe(3);
  });

  it('a region administrator outside the campaign’s rows gets 404; the reviewer and a standard user 403', async () => {
    const ria = await buildUser(ctx.db.kysely, { name: 'Ria' });
    await appointRegionAdmin(ctx, ria, await buildPath(ctx.db.kysely));
    const outside = await api.call(ria, 'GET', pdfUrl(s.reviewId));
    expect(outside.statusCode).toBe(404);
    expect(outside.json<{ message: string }>().message).toBe(messages.accessReviewNotFound);
    expect((await api.call(s.approver, 'GET', pdfUrl(s.reviewId))).statusCode).toBe(403);
    expect((await api.call(demo.standard, 'GET', pdfUrl(s.reviewId))).statusCode).toBe(403);
    expect((await api.call(s.kept.holder, 'GET', pdfUrl(s.reviewId))).statusCode).toBe(403);
  });

  it('a campaign that does not exist is 404', async () => {
    const res = await api.call(demo.superAdmin, 'GET', pdfUrl(99_999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe(messages.accessReviewNotFound);
  });

  it('a draft has a heading and no rows', async () => {
    const path = await buildPath(ctx.db.kysely);
    const body = campaignBody({ scope: { marketIds: [path.marketId] } });
    const reviewId = await api.create(demo.superAdmin, body);
    const pdf = await download(demo.superAdmin, reviewId);
    expect(pdfText(pdf)).toContain(`Access review evidence: ${body.name}`);
    expect(pdfText(pdf)).toContain('Status: Draft.');
    expect(rowsOf(pdf).size).toBe(0);
  });

  it('lists every item once, highest id first, across more than one batch of 2,000', async () => {
    const k = ctx.db.kysely;
    const approver = await buildUser(k, { roleId: Role.APPROVER });
    const path = await buildPath(k, { assignment: { primary: approver.userId } });
    const holder = await buildUser(k, { name: 'Many' });
    const template = await buildRecord(k, { path, user: holder, decidedBy: approver.userId });
    const { requestId: _id, ...columns } = template;
    const copies = Array.from({ length: 2_049 }, (_, i) => ({ ...columns, submissionId: `evidence-${i}` }));
    for (let i = 0; i < copies.length; i += 200) {
      await k
        .insertInto('requests')
        .values(copies.slice(i, i + 200))
        .execute();
    }
    const reviewId = await api.create(
      demo.superAdmin,
      campaignBody({ scope: { marketIds: [path.marketId] } }),
    );
    expect((await api.start(demo.superAdmin, reviewId)).itemCount).toBe(2_050);
    const itemIds = await k
      .selectFrom('accessReviewItems')
      .select('itemId')
      .where('reviewId', '=', reviewId)
      .orderBy('itemId', 'desc')
      .execute();
    const rows = rowsOf(await download(demo.superAdmin, reviewId));
    expect([...rows.keys()]).toEqual(itemIds.map((i) => i.itemId));
  }, 120_000);
});
