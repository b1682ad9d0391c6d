import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RequestStatus, RequestType, messages } from '@uap/domain';
import {
  buildAdminRegion,
  buildRecord,
  buildUser,
  userIdOf,
  type BuiltPath,
} from '../packages/server/test/factories.ts';
import { unsignedCsv } from '../packages/server/test/signed-body.ts';
import { launchedForFile, signIn, signInByEmail } from './browser.ts';
import { axeFindings } from './axe.ts';
import { alexAndPatPath, samLine } from './data.ts';
import { expectReason } from './disabled-reason.ts';
import { expectFieldError } from './field-error.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Picks one option of a scope multi-select by its words, as a person types and clicks it. */
async function pick(page: Page, dialog: Locator, label: string, option: string) {
  const box = dialog.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Ada, an administrator of the path's (region, market), makes a campaign over the path's client
 * on Access Reviews (a name left out first: the field says so; no region or market: the server
 * refuses), then starts it after the confirmation; the message counts the items the snapshot took.
 */
async function createAndStart(
  page: Page,
  name: string,
  path: BuiltPath,
  itemCount: number,
  whenUndecided?: string,
) {
  await page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Access Reviews', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Campaign' });
  await pick(page, dialog, 'Clients', path.names.client);
  await dialog.getByLabel('Due date').fill(inDays(14));
  if (whenUndecided) {
    await dialog.getByRole('combobox', { name: 'When undecided', exact: true }).click();
    await page.getByRole('option', { name: whenUndecided, exact: true }).click();
  }
  expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(
    page,
    dialog,
    dialog.getByRole('textbox', { name: 'Name', exact: true }),
    messages.accessReviewNameRequired,
  );
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  // An administrator's campaign names a region or market of her rows: the server's refusal shows
  // at the top of the dialog, which stays open with what she entered.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').getByText(messages.accessReviewScopeNeedsPlace).waitFor();
  await pick(page, dialog, 'Regions', path.names.region);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').getByText(messages.accessReviewSaved).waitFor();
  expect(await dialog.count()).toBe(0);

  await confirmOnCampaign(page, name, 'Start', messages.accessReviewStarted(itemCount));
  // Started: a draft's buttons are gone, Close is offered.
  await page.getByRole('button', { name: `Close, campaign ${name}`, exact: true }).waitFor();
}

/**
 * Presses a campaign row's Start or Close, answers its confirmation (whose question, when given,
 * is checked first) and waits for the outcome's message.
 */
async function confirmOnCampaign(
  page: Page,
  name: string,
  action: 'Start' | 'Close',
  outcome: string,
  question?: string,
) {
  await page.getByRole('button', { name: `${action}, campaign ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `${action} Campaign` });
  if (question !== undefined) {
    await confirm.getByText(question).waitFor();
  }
  await confirm.getByRole('button', { name: `Yes, ${action.toLowerCase()}` }).click();
  await page.getByRole('status').getByText(outcome).waitFor();
}

/** Keeps the item of one record from its row, and waits for the row to say so. */
async function keepOne(page: Page, row: Locator, recordId: number) {
  await row.getByRole('button', { name: `Keep, record ${recordId}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Keep Access' })
    .getByRole('button', { name: 'Keep', exact: true })
    .click();
  await page.getByRole('status').getByText(messages.accessReviewsDecided(1)).waitFor();
  await row.getByText(messages.accessReviewStateKept, { exact: true }).waitFor();
}

/** Alex opens My Access Reviews from his Home tile, whose badge counts what he has to review. */
async function openFromTile(page: Page, count: number) {
  const tile = page.getByRole('list', { name: 'Shortcuts' }).getByRole('link', {
    name: `My Access Reviews ${messages.tileTaskCount(String(count), 'accessReviews')}`,
  });
  await tile.click();
  await page.getByRole('heading', { name: /^My Access Reviews/, level: 1 }).waitFor();
}

const rowsOf = (page: Page, client: string) =>
  page.getByRole('table', { name: 'My Access Reviews' }).getByRole('row').filter({ hasText: client });

describe('Access reviews', () => {
  it("Ada starts a campaign over a client; Alex, the path's approver, revokes the access with a comment", async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    // Sam's active access to a fresh client, on a path Alex approves.
    const record = await samLine();
    await buildAdminRegion(db, ada, record.path);
    const name = `Review of ${record.path.names.client}`;

    const admin = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      await createAndStart(admin.page, name, record.path, 1);
    } finally {
      await admin.context.close();
    }

    const { context, page } = await signIn(browser(), 'Alex Approver', { width: 1600 });
    try {
      await openFromTile(page, 1);
      const row = rowsOf(page, record.path.names.client);
      await row.getByRole('button', { name: `Revoke, record ${record.id}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke Access' });
      // The dialog lists what is revoked; a revoke without a comment is refused at the field.
      await dialog
        .getByRole('table', { name: 'Requests to decide' })
        .getByRole('cell', { name: `#${record.id}`, exact: true })
        .waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      const comment = dialog.getByRole('textbox', { name: 'Comments' });
      await expectFieldError(page, dialog, comment, messages.accessReviewCommentRequired);
      await comment.fill('Sam moved to another team');
      await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await page.getByRole('status').getByText(messages.accessReviewsDecided(1)).waitFor();

      // The table is read again: the item is decided, its deactivation waits for provisioning.
      await row.getByText(messages.accessReviewStateRevokeWaiting, { exact: true }).waitFor();
      const revoke = row.getByRole('button', { name: `Revoke, record ${record.id}`, exact: true });
      // Decided: its buttons are disabled and say why.
      await expectReason(page, revoke, messages.accessReviewItemDecided);
      const lines = await db
        .selectFrom('requests')
        .select(['requestTypeId', 'statusId'])
        .where('recordId', '=', record.id)
        .execute();
      expect(lines).toEqual([{ requestTypeId: RequestType.DEACTIVATE, statusId: RequestStatus.APPROVED }]);
    } finally {
      await context.close();
    }
  });

  it('Alex keeps two accesses at once, nothing goes to the provisioners; Ada closes the campaign and downloads its evidence; the auditor reads it', async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const path = await alexAndPatPath();
    await buildAdminRegion(db, ada, path);
    const records = [];
    for (const n of [1, 2]) {
      const user = await buildUser(db, { name: `Kept${n}` });
      records.push(await buildRecord(db, { path, user: { userId: user.userId, email: user.email } }));
    }
    const name = `Keep review of ${path.names.client}`;

    const admin = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      await createAndStart(admin.page, name, path, 2);
    } finally {
      await admin.context.close();
    }

    const { context, page } = await signIn(browser(), 'Alex Approver', { width: 1600 });
    try {
      const waiting = await page
        .getByRole('list', { name: 'Shortcuts' })
        .getByRole('link', { name: /^My Access Reviews / })
        .textContent();
      const count = Number(/(\d+)/.exec(waiting ?? '')?.[1]);
      expect(count).toBeGreaterThanOrEqual(2);
      await openFromTile(page, count);
      const rows = rowsOf(page, path.names.client);
      await expect.poll(() => rows.count(), poll).toBe(2);
      for (const box of await rows.getByRole('checkbox').all()) {
        await box.check();
      }
      await page.getByRole('button', { name: 'Keep Selected (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Keep Access' });
      expect(await dialog.getByRole('table', { name: 'Requests to decide' }).getByRole('row').count()).toBe(
        3,
      );
      await dialog.getByRole('button', { name: 'Keep', exact: true }).click();
      await page.getByRole('status').getByText(messages.accessReviewsDecided(2)).waitFor();
      await expect
        .poll(
          async () =>
            (await rows.allInnerTexts()).filter((t) => t.includes(messages.accessReviewStateKept)).length,
          poll,
        )
        .toBe(2);
      await page.getByRole('button', { name: 'Keep Selected (0)' }).waitFor();
      const changes = await db
        .selectFrom('requests')
        .select('requestId')
        .where(
          'recordId',
          'in',
          records.map((r) => r.requestId),
        )
        .execute();
      expect(changes).toEqual([]);
    } finally {
      await context.close();
    }

    // Ada closes the campaign (nothing is left undecided) and downloads its evidence.
    const closing = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      const { page: adaPage } = closing;
      await adaPage.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await confirmOnCampaign(
        adaPage,
        name,
        'Close',
        messages.accessReviewClosed,
        messages.accessReviewCloseQuestion(name),
      );
      const close = adaPage.getByRole('button', { name: `Close, campaign ${name}`, exact: true });
      await expect.poll(() => close.count(), poll).toBe(0);

      const [download] = await Promise.all([
        adaPage.waitForEvent('download'),
        adaPage.getByRole('button', { name: `Evidence CSV, campaign ${name}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^access-review-\d+-evidence\.csv$/);
      const [header, ...lines] = unsignedCsv(fs.readFileSync(await download.path()))
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n');
      expect(header).toMatch(/^Item ID,Campaign,Record ID,/);
      expect(lines).toHaveLength(2);
      for (const record of records) {
        const line = lines.find((l) => l.split(',')[2] === String(record.requestId));
        expect(line).toContain(',Keep,');
      }

      const [pdf] = await Promise.all([
        adaPage.waitForEvent('download'),
        adaPage.getByRole('button', { name: `Evidence PDF, campaign ${name}`, exact: true }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/^access-review-\d+-evidence\.pdf$/);
      expect(fs.readFileSync(await pdf.path(), 'latin1').slice(0, 5)).toBe('%PDF-');
    } finally {
      await closing.context.close();
    }

    // The auditor reads the campaigns and their evidence, and changes nothing.
    const audit = await signIn(browser(), 'Avery Auditor', { width: 1600 });
    try {
      await audit.page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await audit.page.getByRole('button', { name: `Evidence PDF, campaign ${name}`, exact: true }).waitFor();
      expect(await audit.page.getByRole('button', { name: 'New Campaign' }).count()).toBe(0);
      for (const verb of ['Edit', 'Start', 'Close', 'Cancel']) {
        expect(
          await audit.page.getByRole('button', { name: new RegExp(`^${verb}, campaign `) }).count(),
        ).toBe(0);
      }
    } finally {
      await audit.context.close();
    }
  });

  it("Closing a campaign that hands undecided items to the administrators: Ada decides Alex's item", async () => {
    const db = e2eDb();
    const ada = await userIdOf(db, 'ada.admin@agency.example');
    const record = await samLine();
    await buildAdminRegion(db, ada, record.path);
    const name = `Handed review of ${record.path.names.client}`;

    const { context, page } = await signIn(browser(), 'Ada Admin', { width: 1600 });
    try {
      await createAndStart(page, name, record.path, 1, 'Hand to the administrators');
      // Nobody decided Alex's item: closing hands it to the administrators, the campaign stays open.
      await confirmOnCampaign(page, name, 'Close', messages.accessReviewHandedToAdministrators(1));

      await page.getByRole('link', { name: 'My Access Reviews', exact: true }).first().click();
      const row = rowsOf(page, record.path.names.client);
      await keepOne(page, row, record.id);

      // Nothing is left undecided: this close closes it.
      await page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await confirmOnCampaign(page, name, 'Close', messages.accessReviewClosed);
    } finally {
      await context.close();
    }
  });

  it('Sue names the reviewer and edits the draft; Rita, a standard user, keeps the item from her Home tile', async () => {
    const db = e2eDb();
    const record = await samLine();
    const rita = await buildUser(db, { name: 'Rita', lastName: `Reviewer ${record.path.names.client}` });
    const name = `Named review of ${record.path.names.client}`;

    const sue = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      const { page } = sue;
      await page.getByRole('link', { name: 'Access Reviews', exact: true }).first().click();
      await page.getByRole('button', { name: 'New Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Campaign' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      // A super administrator may name a client alone.
      await pick(page, dialog, 'Clients', record.path.names.client);
      await dialog.getByLabel('Due date').fill(inDays(7));
      await dialog.getByRole('radio', { name: 'A named person' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const person = dialog.getByRole('textbox', { name: 'Reviewer (name or email)' });
      await expectFieldError(page, dialog, person, messages.accessReviewChooseReviewer);
      await person.fill(rita.email);
      await dialog.getByRole('button', { name: 'Search reviewer' }).click();
      await dialog.getByText(`Reviewer: ${rita.displayName} (${rita.email})`).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText(messages.accessReviewSaved).waitFor();

      // The draft opens again as it was saved, and its due date moves.
      await page.getByRole('button', { name: `Edit, campaign ${name}`, exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Campaign' });
      await expect
        .poll(() => edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), poll)
        .toBe(name);
      await edit.getByRole('button', { name: record.path.names.client }).waitFor();
      expect(await edit.getByRole('radio', { name: 'A named person' }).isChecked()).toBe(true);
      await edit.getByText(/^Reviewer: Rita Reviewer/).waitFor();
      expect(await edit.getByLabel('Due date').inputValue()).toBe(inDays(7));
      await edit.getByLabel('Due date').fill(inDays(10));
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText(messages.accessReviewSaved).waitFor();
      expect(await edit.count()).toBe(0);

      await confirmOnCampaign(page, name, 'Start', messages.accessReviewStarted(1));
    } finally {
      await sue.context.close();
    }

    const { context, page } = await signInByEmail(browser(), rita.email, { width: 1600 });
    try {
      await openFromTile(page, 1);
      const row = rowsOf(page, record.path.names.client);
      await keepOne(page, row, record.id);
    } finally {
      await context.close();
    }
  });
});
