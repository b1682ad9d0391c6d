import { describe, expect, it } from 'vitest';
import { RequestStatus, requestStatusNames, type RequestStatusId } from '@uap/domain';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  buildUser,
  userIdOf,
} from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** A month far ahead, where no other journey makes lines. */
const FROM = '2035-02-01';
const TO = '2035-02-28';

describe('Reports', () => {
  it("Ada picks a range and the requests-by-month table shows the database's counts of her rows", async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const subject = await buildUser(db, { name: 'Rita', lastName: 'Reported' });
    const path = await buildPath(db, {});
    await buildAdminRegion(db, ada, path);
    const statuses: RequestStatusId[] = [
      RequestStatus.SUBMITTED,
      RequestStatus.SUBMITTED,
      RequestStatus.COMPLETED,
      RequestStatus.REJECTED,
    ];
    for (const [i, statusId] of statuses.entries()) {
      await buildRequest(db, { path, user: subject, statusId, createdDate: `2035-02-1${i}T10:00:00.000Z` });
    }
    // Expected: what the database holds in the range on Ada's rows, counted here.
    const made = await db
      .selectFrom('requests as r')
      .innerJoin('adminRegions as ar', (j) =>
        j.onRef('ar.regionId', '=', 'r.regionId').onRef('ar.marketId', '=', 'r.marketId'),
      )
      .select(['r.statusId'])
      .where('ar.userId', '=', ada)
      .where('ar.isDeleted', '=', 0)
      .where('r.createdDate', '>=', `${FROM}T00:00:00.000Z`)
      .where('r.createdDate', '<', '2035-03-01T00:00:00.000Z')
      .execute();
    const expected = new Map<string, number>();
    for (const { statusId } of made) {
      const name = requestStatusNames[statusId as RequestStatusId];
      expected.set(name, (expected.get(name) ?? 0) + 1);
    }

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.goto(new URL('/Reports', page.url()).toString());
      await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      await page.getByLabel(/^From/).fill(FROM);
      await page.getByLabel(/^To/).fill(TO);
      const table = page.getByRole('table', {
        name: 'Requests by status and month: the numbers of the chart',
      });
      const row = table.getByRole('row').filter({ hasText: '2035-02' });
      await row.waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      const cells = await row.getByRole('cell').allTextContents();
      const shown = new Map(headers.map((h, i) => [h, cells[i]]));
      for (const [status, count] of expected) {
        expect(shown.get(status)).toBe(String(count));
      }
      expect(shown.get('Total')).toBe(String(made.length));
      await page.getByRole('figure', { name: 'Requests by status and month' }).waitFor();
      await page.getByRole('button', { name: 'Download CSV: Requests by status and month' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
