import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { trackerPage } from './tracker-helpers.ts';
import { buildPath, buildRequest, buildUser, uniqueTag, type BuiltUser } from './factories.ts';

/**
 * Every line sorted by Request User Name or Created By Name, deep: the lines' names kept beside
 * them follow every change (new lines, another person, a renamed person, deleted lines), and a
 * deep page is the same slice of that order as the lines and people themselves give.
 */

let ctx: TestContext;
const k = () => ctx.db.kysely;

/** More lines than the tracker counts exactly, over namesakes whose ids do not follow their names. */
const BLOCK = 12_000;
const PEOPLE = 40;
/** Lines of someone else: the order then holds more than 24,000 lines. */
const FILLER = 12_500;
const people: BuiltUser[] = [];
let blockIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const tag = uniqueTag();
  const path = await buildPath(k());
  // 'zzz …' sorts after every other name on both engines: ascending the block ends the order
  // (its deep pages are in the back half), descending it starts it (the front half).
  for (let i = 0; i < PEOPLE; i += 1) {
    people.push(await buildUser(k(), { name: `zzz ${tag}`, lastName: `P${i % 13}` }));
  }
  const first = await buildRequest(k(), { path, user: people[0]! });
  const { requestId: _id, ...copy } = first;
  for (let made = 1; made < BLOCK; made += 500) {
    const batch = Array.from({ length: Math.min(500, BLOCK - made) }, (_, i) => ({
      ...copy,
      userId: people[((made + i) * 17) % PEOPLE]!.userId,
      createdBy: people[((made + i) * 23 + 5) % PEOPLE]!.userId,
      submissionId: `names-${tag}-${made + i}`,
    }));
    await k().insertInto('requests').values(batch).execute();
  }
  // Lines of one other person on another path, so that the order holds more than twice the lines
  // counted exactly and a page past them can lie in its front half.
  const other = await buildRequest(k(), { path: await buildPath(k()), user: await buildUser(k()) });
  const { requestId: _otherId, ...otherCopy } = other;
  for (let made = 1; made < FILLER; made += 500) {
    const batch = Array.from({ length: Math.min(500, FILLER - made) }, (_, i) => ({
      ...otherCopy,
      submissionId: `filler-${tag}-${made + i}`,
    }));
    await k().insertInto('requests').values(batch).execute();
  }
  const made = await k()
    .selectFrom('requests')
    .select('requestId')
    .where('platformId', '=', path.platformId)
    .execute();
  blockIds = made.map((r) => r.requestId).sort((a, b) => a - b);
  // A person renamed, lines given another subject, lines deleted: after the lines were written.
  await k().updateTable('users').set({ lastName: 'A0' }).where('userId', '=', people[5]!.userId).execute();
  await k()
    .updateTable('requests')
    .set({ userId: people[7]!.userId })
    .where('requestId', 'in', blockIds.slice(100, 160))
    .execute();
  await k()
    .updateTable('requests')
    .set({ createdBy: people[9]!.userId })
    .where('requestId', 'in', blockIds.slice(140, 190))
    .execute();
  const deleted = blockIds.slice(200, 230);
  await k().deleteFrom('requests').where('requestId', 'in', deleted).execute();
  blockIds = blockIds.filter((id) => !deleted.includes(id));
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const tracker = (body: object) => trackerPage(ctx, body);

/** The two orders by a person's name: the tracker's column, the line's column, the kept table. */
const personOrders = [
  ['requestUserName', 'userId', 'request_user_names', 'user_id'],
  ['createdByName', 'createdBy', 'request_creator_names', 'created_by'],
] as const;

/** Every line in the order of a person's full name, then person, then line, from the lines and people. */
async function orderOfLines(person: 'userId' | 'createdBy', direction: 'asc' | 'desc'): Promise<number[]> {
  const rows = await k()
    .selectFrom('requests as r')
    .innerJoin('users as u', 'u.userId', `r.${person}`)
    .select('r.requestId')
    .orderBy(sql`u.name || ' ' || u.last_name`, direction)
    .orderBy('u.userId', direction)
    .orderBy('r.requestId', direction)
    .execute();
  return rows.map((r) => r.requestId);
}

describe.each(personOrders)('every line sorted by %s', (column, person, table, lineColumn) => {
  it('has its person and their name kept beside each line, through every change', async () => {
    const names = sql.table(table);
    const line = sql.ref(`r.${lineColumn}`);
    const { rows: wrong } = await sql<{ id: number }>`
      select r.request_id as id from requests r
        join users u on u.user_id = ${line}
        left join ${names} n on n.request_id = r.request_id
        where n.request_id is null or n.user_id <> ${line} or n.name <> u.name || ' ' || u.last_name
      union all
      select n.request_id from ${names} n
        left join requests r on r.request_id = n.request_id where r.request_id is null`.execute(k());
    expect(wrong).toEqual([]);
    const { rows: renamed } = await sql<{ name: string }>`
      select distinct name from ${names} where user_id = ${people[5]!.userId}`.execute(k());
    expect(renamed.map((r) => r.name)).toEqual([`${people[5]!.name} A0`]);
  });

  it('gives a deep page, both ways and in both halves, as the same slice of that order', async () => {
    const pageSize = 100;
    const halves = new Set<string>();
    for (const direction of ['asc', 'desc'] as const) {
      const order = await orderOfLines(person, direction);
      const inBlock = new Set(blockIds);
      const start = order.findIndex((id) => inBlock.has(id));
      const end = order.findLastIndex((id) => inBlock.has(id));
      // Pages past the exact count (10,000) that lie in the block: its first, middle and last.
      const firstPage = Math.ceil(Math.max(start, 10_000) / pageSize);
      const lastPage = Math.floor((end + 1) / pageSize) - 1;
      expect(lastPage).toBeGreaterThan(firstPage);
      for (const index of [firstPage, Math.floor((firstPage + lastPage) / 2), lastPage]) {
        const offset = index * pageSize;
        halves.add(offset > order.length / 2 ? 'back' : 'front');
        const page = await tracker({
          pageSize,
          page: index + 1,
          orderBy: column,
          orderAsc: direction === 'asc',
        });
        expect(
          page.requests.map((r) => r.requestId),
          `${direction} page ${index + 1}`,
        ).toEqual(order.slice(offset, offset + pageSize));
      }
    }
    expect([...halves].sort()).toEqual(['back', 'front']);
  });
});
