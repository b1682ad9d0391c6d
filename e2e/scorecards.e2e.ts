import { describe, expect, it } from 'vitest';
import { RequestStatus, RequestType } from '@uap/domain';
import {
  buildAdminRegion,
  buildPath,
  buildRecord,
  buildUser,
  userIdOf,
} from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const cardHeading = (name: string) => ({ name, level: 2, exact: true });

describe('Agency Platform Scorecards', () => {
  it('Ada sees the three cards, and a number on the Meta card matches the database', async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const meta = await db
      .selectFrom('platforms')
      .select('platformId')
      .where('description', '=', 'Meta')
      .executeTakeFirstOrThrow();
    const path = await buildPath(db, { platformId: meta.platformId });
    await buildAdminRegion(db, ada, path);
    for (let i = 0; i < 3; i += 1) {
      const user = await buildUser(db);
      await buildRecord(db, { path, user: { userId: user.userId, email: user.email } });
    }
    const { activeUsers } = await db
      .selectFrom('requests')
      .select((eb) => eb.fn.count<number>('userId').distinct().as('activeUsers'))
      .where('agencyId', '=', path.agencyId)
      .where('platformId', '=', meta.platformId)
      .where('requestTypeId', '=', RequestType.ADD)
      .where('statusId', 'in', [RequestStatus.COMPLETED, RequestStatus.ARCHIVED])
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.getByRole('link', { name: 'Scorecards' }).first().click();
      for (const card of ['Google Ads', 'Meta', 'TikTok']) {
        await page.getByRole('heading', cardHeading(card)).waitFor();
      }
      const table = page.getByRole('table', { name: 'Meta numbers by agency' });
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: path.names.agency }) });
      // Cells after the agency: Market, Active users, …
      await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe(String(activeUsers));
      expect(Number(activeUsers)).toBe(3);
      await page.getByRole('button', { name: 'Download Meta CSV' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('Mia, a master approver of Social, sees only the Meta and TikTok cards', async () => {
    const { context, page } = await signIn(browser(), 'Mia Master');
    try {
      await page.getByRole('link', { name: 'Scorecards' }).first().click();
      await page.getByRole('heading', cardHeading('Meta')).waitFor();
      await page.getByRole('heading', cardHeading('TikTok')).waitFor();
      expect(await page.getByRole('heading', cardHeading('Google Ads')).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
