import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, messages } from '@uap/domain';
import { buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { expectReason } from './disabled-reason.ts';
import { samLine } from './data.ts';
import { e2eDb } from './server.ts';
import { searchFor } from './table-search.ts';

const browser = launchedForFile();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('A disabled button says why', () => {
  it('the wizard: Next without a manager, and Add account before the client is chosen', async () => {
    // A colleague the directory knows without a manager.
    const colleague = await buildUser(e2eDb(), { name: 'Nora', lastName: 'Nomanager' });
    const { context, page } = await signIn(browser(), 'Sam Standard');
    try {
      await page.getByRole('link', { name: 'Create a New Access Request' }).first().click();
      await page.getByRole('radio', { name: 'Someone Else' }).check();
      await page.getByRole('radio', { name: 'Internal' }).check();
      const search = page.getByRole('textbox', { name: 'Corporate email or full name' });
      await search.fill(colleague.email);
      await search.press('Enter');
      await page.getByText(colleague.email).first().waitFor();
      const fields = {
        'User Title': 'Planner',
        'User Agency or Organization': 'Northwind Media',
        Department: 'Media',
        Location: 'Chicago',
        'Phone Number': '3125550100',
      };
      for (const [label, value] of Object.entries(fields)) {
        await page.getByRole('textbox', { name: label }).fill(value);
      }
      const next = page.getByRole('button', { name: 'Next', exact: true });
      await expectReason(page, next, messages.nextNeedsManager);

      const manager = page.getByRole('textbox', { name: 'Manager email or name' });
      await manager.fill('alex.approver@agency.example');
      await page.getByRole('button', { name: 'Search manager' }).click();
      await page.getByText(/Manager: Alex Approver/).waitFor();
      await next.click();
      await page.getByText(messages.existingAccessIntro).waitFor();
      await next.click();
      await page.getByRole('heading', { name: 'Step 1 Platform Details' }).waitFor();

      // A labelled button, not a bare '+'; it says what it waits for.
      const addAccount = page.getByRole('button', { name: 'Add account', exact: true });
      await expectReason(page, addAccount, messages.addAccountNeedsClient);
      await choose(page, 'Region', 'North America');
      await choose(page, 'Market', 'United States');
      await choose(page, 'Agency', 'Northwind Media');
      await choose(page, 'Practice', 'Search');
      await choose(page, 'Platform Name', 'Google Ads');
      await choose(page, 'Client Name', 'Coho Winery');
      expect(await addAccount.isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("provisioning: 'Action on Selected Requests' on a Completed row, and the bulk buttons with no row", async () => {
    const { id } = await samLine({ statusId: RequestStatus.COMPLETED, provisionedByPat: true });
    const { context, page } = await signIn(browser(), 'Pat Provisioner');
    try {
      await page.goto('/Provisioners');
      const table = page.getByRole('table', { name: 'My Provisioning Tasks' });
      await table.getByRole('row').nth(1).waitFor();
      await expectReason(
        page,
        page.getByRole('button', { name: /^Action on Selected Requests/ }),
        messages.selectRequestsFirst,
      );
      await searchFor(page, 'My Provisioning Tasks', String(id), [id]);
      await table.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
      await expectReason(
        page,
        page.getByRole('button', { name: 'Action on Selected Requests (1)' }),
        messages.provisionOnlyApproved,
      );
      expect(await page.getByRole('button', { name: 'Archive', exact: true }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('approvals: the bulk action with no row selected', async () => {
    const { context, page } = await signIn(browser(), 'Alex Approver');
    try {
      await page.goto('/Approvals');
      await expectReason(
        page,
        page.getByRole('button', { name: 'Action on Selected Requests (0)' }),
        messages.selectRequestsFirst,
      );
    } finally {
      await context.close();
    }
  });
});
