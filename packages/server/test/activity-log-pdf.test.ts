import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { pdfText, pdfWords, type PdfPage } from './pdf-text.ts';

/**
 * The activity log PDF shows any name and comment (Polish, Japanese, emoji, all on one line)
 * and keeps every word inside the page margins and its column, long unbroken words included.
 */

let ctx: TestContext;
let token = '';
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

const POLISH = 'Zażółć gęślą jaźń';
const JAPANESE = '山田太郎';
const EMOJI = '🎉';
/** 300 characters without a space, wider than any column and than the page. */
const LONG_WORD = Array.from({ length: 30 }, (_, i) => `Wyraz${String(i).padStart(2, '0')}ŁÓD`)
  .join('')
  .padEnd(300, 'ż');
const MARGIN = 36;
/** The history table's Comment column (after Date, Step, Type, Status and Change). */
const COMMENT_COLUMN = { left: MARGIN + 92 + 130 + 82 + 62 + 110, width: 170 };

const squash = (text: string) => text.replace(/\s+/g, '');

async function pdfOf(requestId: number): Promise<Buffer> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/Request/Logs/${requestId}/Pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

/** A request whose user, comment and one history step carry the test text. */
async function requestWithUnicodeText(): Promise<number> {
  const line = await ctx.db.kysely
    .selectFrom('requests')
    .select(['requestId', 'userId', 'requestTypeId', 'createdDate'])
    .where('statusId', '=', RequestStatus.COMPLETED)
    .orderBy('requestId')
    .executeTakeFirstOrThrow();
  await ctx.db.kysely
    .updateTable('users')
    .set({ name: `${POLISH} ${JAPANESE}`, lastName: `Kowalska ${EMOJI}` })
    .where('userId', '=', line.userId)
    .execute();
  const comment = `Proszę o dostęp 日本語のコメント ${EMOJI} ${LONG_WORD} koniec`;
  await ctx.db.kysely
    .updateTable('requests')
    .set({ comments: comment })
    .where('requestId', '=', line.requestId)
    .execute();
  await ctx.db.kysely
    .insertInto('requestHistory')
    .values({
      requestId: line.requestId,
      statusId: RequestStatus.SUBMITTED,
      requestTypeId: line.requestTypeId,
      stepDescription: 'Request submitted',
      changeDesc: null,
      comments: comment,
      approverComment: comment,
      provisionerComment: comment,
      createdBy: line.userId,
      createdDate: line.createdDate,
      before: null,
      after: null,
    })
    .execute();
  return line.requestId;
}

describe('GET /api/Request/Logs/{logId}/Pdf with non-Latin text and long words', () => {
  let requestId = 0;
  let pdf: Buffer;
  let pages: PdfPage[];
  beforeAll(async () => {
    requestId = await requestWithUnicodeText();
    pdf = await pdfOf(requestId);
    pages = pdfWords(pdf);
  });

  it('shows Polish, Japanese and emoji as written, mixed on one line', () => {
    const text = pdfText(pdf);
    expect(text).toContain(`Activity log of request ${requestId}`);
    expect(text).toContain(`Name: ${POLISH} ${JAPANESE} Kowalska ${EMOJI}`);
    expect(text).toContain(`Proszę o dostęp 日本語のコメント ${EMOJI}`);
    // The section's paragraph wraps the long word over whole lines, in order.
    expect(squash(text)).toContain(squash(`${LONG_WORD} koniec`));
  });

  it('wraps the long word inside the Comment column of the history table', () => {
    const inColumn = pages.flatMap((page) =>
      page.words
        .filter(
          (w) =>
            w.xMin >= COMMENT_COLUMN.left - 0.5 && w.xMax <= COMMENT_COLUMN.left + COMMENT_COLUMN.width + 0.5,
        )
        .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin),
    );
    expect(squash(inColumn.map((w) => w.text).join(''))).toContain(squash(LONG_WORD));
  });

  it('keeps every word inside the page margins', () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const [index, page] of pages.entries()) {
      expect(page.words.length).toBeGreaterThan(0);
      for (const word of page.words) {
        const where = `page ${index + 1}: '${word.text}'`;
        expect(word.xMin, where).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(word.xMax, where).toBeLessThanOrEqual(page.width - MARGIN + 0.5);
        expect(word.yMin, where).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(word.yMax, where).toBeLessThanOrEqual(page.height - MARGIN + 0.5);
      }
    }
  });

  it('continues a history longer than a page on the next pages, header repeated', async () => {
    const line = await ctx.db.kysely
      .selectFrom('requests')
      .select(['userId', 'requestTypeId', 'createdDate'])
      .where('requestId', '=', requestId)
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('requestHistory')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          requestId,
          statusId: RequestStatus.COMPLETED,
          requestTypeId: line.requestTypeId,
          stepDescription: `Step ${i + 1} 確認`,
          changeDesc: null,
          comments: null,
          approverComment: null,
          provisionerComment: `Sprawdzone ${i + 1} ${EMOJI}`,
          createdBy: line.userId,
          createdDate: line.createdDate,
          before: null,
          after: null,
        })),
      )
      .execute();
    const long = pdfWords(await pdfOf(requestId));
    expect(long.length).toBeGreaterThan(2);
    for (const page of long.slice(1)) {
      expect(page.words.map((w) => w.text)).toEqual(expect.arrayContaining(['Date', 'Step', 'Comment']));
      for (const word of page.words) {
        expect(word.yMax, word.text).toBeLessThanOrEqual(page.height - MARGIN + 0.5);
      }
    }
    const text = pdfText(await pdfOf(requestId));
    for (const step of [1, 30, 60]) {
      expect(text).toContain(`Step ${step} 確認`);
    }
  });
});
