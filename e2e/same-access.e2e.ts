import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { colleagueAccessTable, messages } from '@uap/domain';
import {
  buildPath,
  buildRecord,
  buildUser,
  uniqueTag,
  userIdOf,
  type BuiltPath,
  type BuiltUser,
} from '../packages/server/test/factories.ts';
import { axeFindings } from './axe.ts';
import { launchedForFile, signIn } from './browser.ts';
import { alexAndPatPath, demoEmails } from './data.ts';
import { expectReason } from './disabled-reason.ts';
import { expectFieldError } from './field-error.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

/** Another client and account on `path`'s platform: Alex's assignment (every client) covers it. */
function besidePath(path: BuiltPath): Promise<BuiltPath> {
  const { regionId, marketId, agencyId, practiceId, platformId } = path;
  return buildPath(e2eDb(), { regionId, marketId, agencyId, practiceId, platformId });
}

/** A colleague with an active record on each path; returns the colleague and the record ids. */
async function colleagueHolding(paths: BuiltPath[]): Promise<{ colleague: BuiltUser; recordIds: number[] }> {
  const db = e2eDb();
  const colleague = await buildUser(db, { name: 'Colette', lastName: `Teammate ${uniqueTag()}` });
  const recordIds: number[] = [];
  for (const path of paths) {
    recordIds.push((await buildRecord(db, { path, user: colleague })).requestId);
  }
  return { colleague, recordIds };
}

/** Sam, for himself, through the first two steps to the platform step, then the new dialog. */
async function openSameAccess(page: Page) {
  await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
  await page.getByRole('heading', { name: 'New Platform Access Request' }).waitFor();
  await page.getByRole('radio', { name: 'Myself' }).check();
  await page.getByText(/Manager: Alex Approver/).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText(messages.existingAccessIntro).waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();
  await page.getByRole('button', { name: messages.sameAccessTitle, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.sameAccessTitle });
  await dialog.getByText(messages.sameAccessIntro).waitFor();
  return dialog;
}

/** Finds the colleague by email (one hit: picked at once), ticks the records and asks the preview. */
async function tickRecords(page: Page, colleague: BuiltUser, recordIds: number[], o = { isNext: true }) {
  const dialog = page.getByRole('dialog', { name: messages.sameAccessTitle });
  const next = dialog.getByRole('button', { name: 'Next', exact: true });
  await expectReason(page, next, messages.sameAccessChooseRecords);
  await dialog.getByRole('textbox', { name: 'Colleague email or full name' }).fill(colleague.email);
  await dialog.getByRole('button', { name: 'Search colleague' }).click();
  await dialog.getByText(`Colleague: ${colleague.displayName}`).waitFor();
  const records = dialog.getByRole('table', { name: colleagueAccessTable.title });
  for (const id of recordIds) {
    await records.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
  }
  if (o.isNext) {
    await next.click();
  }
  return dialog.getByRole('table', { name: 'Lines of the request' });
}

describe('Same access as a colleague', () => {
  it("Sam copies a colleague's access, skipping what he holds; Alex sees whose access it copies", async () => {
    const db = e2eDb();
    const first = await alexAndPatPath();
    const second = await besidePath(first);
    const third = await besidePath(first);
    const { colleague, recordIds } = await colleagueHolding([first, second, third]);
    const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
    const held = await buildRecord(db, { path: second, user: sam });

    const { context, page } = await signIn(browser(), 'Sam Standard');
    let requestIds: number[] = [];
    try {
      const dialog = await openSameAccess(page);
      const lines = await tickRecords(page, colleague, recordIds);
      // One line per ticked record: the one Sam already holds is skipped and names his record.
      await lines.getByRole('row').filter({ hasText: second.names.account }).waitFor();
      const rowOf = (path: BuiltPath) => lines.getByRole('row').filter({ hasText: path.names.account });
      expect(await rowOf(second).textContent()).toContain(
        `${messages.sameAccessOutcome('held')} (#${held.requestId})`,
      );
      for (const path of [first, third]) {
        expect(await rowOf(path).textContent()).toContain(messages.sameAccessOutcome('request'));
      }
      expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);

      // The wizard's comment rule, under the box.
      const comments = dialog.getByRole('textbox', { name: 'Comments' });
      await comments.fill('abc');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await expectFieldError(page, dialog, comments, messages.invalidComment);

      await comments.fill('Same access as Colette for the new campaign team');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByText(/Welcome to the User Access Portal/).waitFor();
      const notice = page.getByRole('status').filter({ hasText: /Requests? #\d+/ });
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      requestIds = [...text.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
      expect(requestIds).toHaveLength(2);
      expect(text).toContain(messages.requestsSubmitted(requestIds));
      expect(text).toContain(messages.sameAccessSubmitted(2, 1));
    } finally {
      await context.close();
    }

    const alex = await signIn(browser(), 'Alex Approver');
    try {
      await alex.page.goto(`/Approvals?requestId=${requestIds[0]}`);
      const detail = alex.page.getByRole('dialog', { name: `Approval Request #${requestIds[0]}` });
      await detail.getByRole('region', { name: 'Comments' }).waitFor();
      await detail.getByText(messages.sameAccessRequestedAs(colleague.displayName)).waitFor();
    } finally {
      await alex.context.close();
    }
  });

  it('offers no Submit when the user already holds every ticked access', async () => {
    const db = e2eDb();
    const path = await alexAndPatPath();
    const { colleague, recordIds } = await colleagueHolding([path]);
    const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
    await buildRecord(db, { path, user: sam });

    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      const dialog = await openSameAccess(page);
      const lines = await tickRecords(page, colleague, recordIds);
      await lines.getByText(messages.sameAccessOutcome('held')).waitFor();
      await expectReason(
        page,
        dialog.getByRole('button', { name: 'Submit Request' }),
        messages.sameAccessNothingToRequest,
      );
      // Back keeps the colleague and the ticks.
      await dialog.getByRole('button', { name: 'Back' }).click();
      const box = dialog.getByRole('checkbox', { name: `Select row ${recordIds[0]}`, exact: true });
      expect(await box.isChecked()).toBe(true);
      expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);

      // On a phone the preview's lines are cards: nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 800 });
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      const cards = dialog.getByRole('list', { name: 'Lines of the request' });
      await cards.getByText(messages.sameAccessOutcome('held')).waitFor();
      expect(await cards.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('says when a ticked record has ended since it was listed, and lists them again', async () => {
    const db = e2eDb();
    const path = await alexAndPatPath();
    const { colleague, recordIds } = await colleagueHolding([path, await besidePath(path)]);
    const [kept, ended] = recordIds as [number, number];

    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      const dialog = await openSameAccess(page);
      await tickRecords(page, colleague, recordIds, { isNext: false });
      await db.updateTable('requests').set({ isDeleted: 1 }).where('requestId', '=', ended).execute();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('alert').getByText(messages.sameAccessRecordsGone).waitFor();
      // The list is fetched again without the ended record, and nothing stays ticked.
      const records = dialog.getByRole('table', { name: colleagueAccessTable.title });
      await records.getByRole('checkbox', { name: `Select row ${ended}`, exact: true }).waitFor({
        state: 'detached',
      });
      const box = records.getByRole('checkbox', { name: `Select row ${kept}`, exact: true });
      expect(await box.isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });
});
