import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, Role, messages } from '@uap/domain';
import {
  buildAdminRegion,
  buildPath,
  buildRequest,
  buildUser,
  userIdOf,
  type BuiltPath,
  type BuiltUser,
} from '../packages/server/test/factories.ts';
import { launchedForFile, signIn, signInByEmail } from './browser.ts';
import { demoEmails } from './data.ts';
import { expectFieldError, expectMarked } from './field-error.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const ADA = 'ada.admin@agency.example';

/** The approval tile's accessible name with this many tasks. */
const approvalTile = (count: number) => `My Approval Tasks ${count} to approve`;

/** A fresh path inside Ada's admin rows, with a pending request of Sam's on it. */
async function pathWithPendingRequest(o: { assignment?: { primary: number; secondary?: number } } = {}) {
  const db = e2eDb();
  const path = await buildPath(db, o.assignment ? { assignment: o.assignment } : {});
  await buildAdminRegion(db, await userIdOf(db, ADA), path);
  const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
  const line = await buildRequest(db, { path, user: sam, statusId: RequestStatus.SUBMITTED });
  return { path, requestId: line.requestId };
}

async function choose(page: Page, label: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Searches a person by email in a role's user search; the one result is picked at once. */
async function pickPerson(page: Page, role: string, person: BuiltUser) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: `Search ${role}` }).fill(person.email);
  await dialog.getByRole('textbox', { name: `Search ${role}` }).press('Enter');
  await dialog.getByLabel(`Current ${role}`).filter({ hasText: person.email }).waitFor();
}

async function fillPath(page: Page, path: BuiltPath) {
  await choose(page, 'Region', path.names.region);
  await choose(page, 'Market', path.names.market);
  await choose(page, 'Agency', path.names.agency);
  await choose(page, 'Practice', path.names.practice);
  await choose(page, 'Platform', path.names.platform);
  await choose(page, 'Client', 'All');
}

describe('Approve/Provision Assignments', () => {
  it('Ada adds an assignment for a path without one; its pending request reaches the named approver at once', async () => {
    const nora = await buildUser(e2eDb(), { name: 'Nora', lastName: `Newpath ${Date.now()}` });
    const { path, requestId } = await pathWithPendingRequest();

    const ada = await signIn(browser(), 'Ada Admin');
    try {
      const { page } = ada;
      await page.goto('/Approvers');
      await page.getByRole('heading', { name: /^Approve\/Provision Assignments \(\d+\)$/ }).waitFor();
      await page.getByRole('button', { name: 'New Approver/Provisioner' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Approver/Provisioner' });
      await dialog.waitFor();
      // Saved empty: each missing level is marked, the first (Region) focused.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('combobox', { name: 'Region', exact: true }),
        messages.completeRequiredFields,
      );
      await expectMarked(
        page,
        dialog.getByRole('combobox', { name: 'Platform', exact: true }),
        messages.completeRequiredFields,
      );
      // Without a primary approver the spec's sentence at its search field, and nothing is saved.
      await fillPath(page, path);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'Search Primary Approver' }),
        messages.searchForApprover,
      );
      await pickPerson(page, 'Primary Approver', nora);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: messages.assignmentSaved }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('textbox', { name: 'Search' }).fill(path.names.platform);
      const row = page.getByRole('row').filter({ hasText: path.names.platform });
      await row.filter({ hasText: nora.email }).waitFor();
    } finally {
      await ada.context.close();
    }

    // Nora now holds the Approver role; the request waits on her.
    const noraSession = await signInByEmail(browser(), nora.email);
    try {
      const { page } = noraSession;
      await page.getByRole('link', { name: approvalTile(1) }).click();
      const table = page.getByRole('table', { name: 'My Approval Tasks' });
      await table
        .getByRole('row')
        .filter({ hasText: String(requestId) })
        .first()
        .waitFor();
      expect(await table.getByRole('checkbox', { name: `Select row ${requestId}` }).count()).toBe(1);
    } finally {
      await noraSession.context.close();
    }
  });

  it('Ada finds a path without an approver first on the Coverage tab; once she assigns one the tab follows', async () => {
    const nora = await buildUser(e2eDb(), { name: 'Nora', lastName: `Coverage ${Date.now()}` });
    const { path } = await pathWithPendingRequest();

    const ada = await signIn(browser(), 'Ada Admin');
    try {
      const { page } = ada;
      const coverageRow = async (state: string) => {
        await page.goto('/Approvers');
        await page.getByRole('tab', { name: 'Coverage' }).click();
        const table = page.getByRole('table', { name: 'Coverage' });
        await table.waitFor();
        await page.getByRole('textbox', { name: 'Search' }).fill(path.names.platform);
        const row = table.getByRole('row').filter({ hasText: path.names.client });
        await row.filter({ hasText: state }).waitFor();
        return row;
      };
      // Paths with none first: the new path leads Ada's unfiltered first page.
      await page.goto('/Approvers');
      await page.getByRole('tab', { name: 'Coverage' }).click();
      const first = page.getByRole('table', { name: 'Coverage' }).getByRole('row').nth(1);
      await first.filter({ hasText: 'No approver' }).waitFor();
      const row = await coverageRow('No approver');
      await expect(row.getByRole('cell', { name: '1', exact: true }).count()).resolves.toBeGreaterThan(0);

      await page.getByRole('tab', { name: 'Assignments' }).click();
      await page.getByRole('button', { name: 'New Approver/Provisioner' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Approver/Provisioner' });
      await dialog.waitFor();
      await fillPath(page, path);
      await pickPerson(page, 'Primary Approver', nora);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: messages.assignmentSaved }).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // An approver now, still nobody to provision.
      const after = await coverageRow('No provisioner');
      await after.filter({ hasText: `Nora ${nora.lastName}` }).waitFor();
    } finally {
      await ada.context.close();
    }
  });

  it("Ada is told before saving how many waiting lines a client's assignment takes from the path-wide approver", async () => {
    const db = e2eDb();
    const olga = await buildUser(db, {
      roleId: Role.APPROVER,
      name: 'Olga',
      lastName: `Allclients ${Date.now()}`,
    });
    const nora = await buildUser(db, { name: 'Nora', lastName: `Oneclient ${Date.now()}` });
    const { path } = await pathWithPendingRequest({ assignment: { primary: olga.userId } });
    const sam = { userId: await userIdOf(db, demoEmails.sam), email: demoEmails.sam };
    await buildRequest(db, { path, user: sam, statusId: RequestStatus.SUBMITTED });

    const ada = await signIn(browser(), 'Ada Admin');
    try {
      const { page } = ada;
      await page.goto('/Approvers');
      await page.getByRole('button', { name: 'New Approver/Provisioner' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Approver/Provisioner' });
      await dialog.waitFor();
      await fillPath(page, path);
      await choose(page, 'Client', path.names.client);
      await pickPerson(page, 'Primary Approver', nora);
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Olga's two waiting lines of this client would go to Nora: Ada is asked first, nothing saved yet.
      const question = page.getByRole('dialog', { name: 'Waiting lines change hands' });
      await question.getByText(messages.linesChangingHands(2)).waitFor();
      await question.getByRole('button', { name: 'No' }).click();
      await question.waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await question.getByRole('button', { name: 'Yes, save' }).click();
      await page.getByRole('status').filter({ hasText: messages.assignmentSaved }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await ada.context.close();
    }

    const noraSession = await signInByEmail(browser(), nora.email);
    try {
      await noraSession.page.getByRole('link', { name: approvalTile(2) }).waitFor();
    } finally {
      await noraSession.context.close();
    }
  });

  it("Ada reassigns a person's paths to another; the first person's badge drops to 0", async () => {
    const db = e2eDb();
    const olga = await buildUser(db, {
      roleId: Role.APPROVER,
      name: 'Olga',
      lastName: `Oldpath ${Date.now()}`,
    });
    const pavel = await buildUser(db, { name: 'Pavel', lastName: `Newpath ${Date.now()}` });
    const a = await pathWithPendingRequest({ assignment: { primary: olga.userId } });
    const b = await pathWithPendingRequest({ assignment: { primary: olga.userId } });
    // Olga stays secondary approver of a quiet path, so she keeps the Approver role.
    const quiet = await buildPath(db, { assignment: { primary: pavel.userId, secondary: olga.userId } });
    await buildAdminRegion(db, await userIdOf(db, ADA), quiet);

    const before = await signInByEmail(browser(), olga.email);
    await before.page.getByRole('link', { name: approvalTile(2) }).waitFor();
    await before.context.close();

    const ada = await signIn(browser(), 'Ada Admin');
    try {
      const { page } = ada;
      await page.goto(`/Approvers?userId=${olga.userId}`);
      await page.getByRole('heading', { name: 'Approve/Provision Assignments (3)' }).waitFor();
      const reassign = page.getByRole('button', { name: 'Reassign', exact: true });
      await page.getByRole('checkbox', { name: `Select row ${a.path.approverId}` }).check();
      // One row is not enough for a bulk reassignment.
      expect(await reassign.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: `Select row ${b.path.approverId}` }).check();
      await reassign.click();
      const dialog = page.getByRole('dialog', { name: 'Reassign' });
      await dialog.getByRole('checkbox', { name: 'Replace Primary Approver' }).check();
      // Ticked without a person: the spec's sentence at the search field, which is focused.
      await dialog.getByRole('button', { name: 'Reassign' }).click();
      await expectFieldError(
        page,
        dialog,
        dialog.getByRole('textbox', { name: 'Search New Primary Approver' }),
        messages.searchForApprover,
      );
      await pickPerson(page, 'New Primary Approver', pavel);
      await dialog.getByRole('button', { name: 'Reassign' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: messages.assignmentsReassigned(2) })
        .waitFor();
    } finally {
      await ada.context.close();
    }

    const after = await signInByEmail(browser(), olga.email);
    try {
      await after.page.getByRole('link', { name: approvalTile(0) }).waitFor();
    } finally {
      await after.context.close();
    }
    const pavelSession = await signInByEmail(browser(), pavel.email);
    try {
      await pavelSession.page.getByRole('link', { name: approvalTile(2) }).waitFor();
    } finally {
      await pavelSession.context.close();
    }
  });
});
