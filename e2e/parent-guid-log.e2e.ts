import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildUser, userIdOf, type BuiltUser } from '../packages/server/test/factories.ts';
import { axeFindings } from './axe.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** Narrows All User Profiles to one profile by its email. */
async function findProfile(page: Page, user: BuiltUser) {
  await page.getByRole('textbox', { name: 'Search' }).fill(user.email);
  await page
    .getByRole('table', { name: 'All User Profiles' })
    .getByRole('cell', { name: user.email, exact: true })
    .waitFor();
}

describe('the ParentGUID log', () => {
  it("Ada opens the ParentGUID log of a merged family; a profile without a ParentGUID says 'ParentGUID doesn't exist'", async () => {
    const db = e2eDb();
    const parent = await buildUser(db, { name: 'Gwen' });
    const child = await buildUser(db, { name: 'Gwen' });
    const loner = await buildUser(db, { name: 'Lone' });
    const guid = parent.directoryId;
    await db
      .updateTable('users')
      .set({ parentGuid: guid })
      .where('userId', 'in', [parent.userId, child.userId])
      .execute();
    await db
      .updateTable('users')
      .set({ mergedUserId: parent.userId, isChild: 1, childGuid: child.directoryId })
      .where('userId', '=', child.userId)
      .execute();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    await db
      .insertInto('userProfileLogs')
      .values([
        {
          userId: parent.userId,
          changedBy: ada,
          changedDate: '2026-03-02T10:00:00.000Z',
          before: JSON.stringify({ title: null }),
          after: JSON.stringify({ title: 'Planner' }),
        },
        {
          userId: child.userId,
          changedBy: ada,
          changedDate: '2026-03-03T10:00:00.000Z',
          before: JSON.stringify({ parentGuid: child.directoryId }),
          after: JSON.stringify({ parentGuid: guid }),
        },
      ])
      .execute();

    const { context, page } = await signIn(browser(), 'Ada Admin');
    try {
      await page.getByRole('link', { name: 'All User Profiles' }).first().click();
      const table = page.getByRole('table', { name: 'All User Profiles' });

      await findProfile(page, loner);
      const none = table.getByRole('button', { name: `ParentGUID Log of Lone ${loner.lastName}` });
      expect(await none.isDisabled()).toBe(true);
      // A hover that lands while the table is still redrawing shows nothing: point again.
      const tip = page.getByRole('tooltip', { name: messages.parentGuidMissing });
      await expect
        .poll(
          async () => {
            await page.mouse.move(0, 0);
            await none.locator('..').hover();
            return tip.waitFor({ timeout: 2_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 20_000 },
        )
        .toBe(true);

      await findProfile(page, parent);
      await table.getByRole('link', { name: `ParentGUID Log of Gwen ${parent.lastName}` }).click();
      await page.getByRole('heading', { name: `ParentGUID ${guid}` }).waitFor();
      const log = page.getByRole('table', { name: 'ParentGUID changes' });
      await log
        .getByRole('row', { name: new RegExp(`ParentGUID: ${child.directoryId} → ${guid}`) })
        .waitFor();
      await log.getByRole('link', { name: `Log of UAP Id ${child.userId}` }).waitFor();
      await log.getByRole('link', { name: `Log of UAP Id ${parent.userId}` }).waitFor();
      await log.getByRole('row', { name: /Title: +→ Planner/ }).waitFor();
      expect(await page.title()).toBe(messages.documentTitle('ParentGUID Log'));
      expect(await axeFindings(page)).toEqual([]);

      await page.goto('/ParentGUIDLogs/no-such-parent-guid');
      await page.getByRole('alert').filter({ hasText: messages.parentGuidMissing }).waitFor();
    } finally {
      await context.close();
    }
  });
});
