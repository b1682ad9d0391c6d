import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RequestStatus, messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';
import { rowIds, searchFor } from './table-search.ts';

const browser = launchedForFile();

const poll = { timeout: 10_000 };

/** Opens a screen through the sidebar, as a person would. */
async function openFromSidebar(page: Page, link: string) {
  const item = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: link, exact: true });
  await item.click();
  // The menu marks the link the moment the old screen makes way for the new one.
  await expect.poll(() => item.getAttribute('aria-current')).toBe('page');
}

/** Finds a row by its id through the search box and ticks it. */
async function searchAndTick(page: Page, table: string, id: number) {
  await searchFor(page, table, String(id), [id]);
  await page.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
}

/** Every button that changes something on the task screens. */
const writeButtons = [
  /^Action on Selected Requests/,
  'Provisioner Comment',
  'Archive',
  'Modify',
  'Reassign Email',
  'Activate',
  'Deactivate',
  /^Open provisioning request/,
];

const isSorted = (sign: 1 | -1) => (ids: number[]) =>
  ids.length > 1 && ids.every((id, i) => i === 0 || sign * (id - (ids[i - 1] ?? 0)) > 0);

describe('Tables', () => {
  it('(§1.1) record actions stay available after going Home and back through the sidebar', async () => {
    const { id } = await samLine({ days: [-30, 60] });
    const screens = [
      ['Sam Standard', 'Modify an Existing Access', 'My Records'],
      ['Sue Super', 'Request Tracker', 'All Requests'],
    ] as const;
    for (const [user, link, table] of screens) {
      const { context, page } = await signIn(browser(), user, { width: 1600 });
      try {
        for (let visit = 0; visit < 2; visit += 1) {
          await openFromSidebar(page, link);
          await searchAndTick(page, table, id);
          for (const name of ['Modify', 'Reassign Email', 'Deactivate']) {
            await expect
              .poll(() => page.getByRole('button', { name, exact: true }).isEnabled(), poll)
              .toBe(true);
          }
          await openFromSidebar(page, 'Home');
          await page.getByText(/Welcome to the User Access Portal/).waitFor();
        }
      } finally {
        await context.close();
      }
    }
  });

  it('(§1.2) sorts by a header click, shows the direction and keeps the view in the address', async () => {
    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    try {
      await openFromSidebar(page, 'Request Tracker');
      const table = page.getByRole('table', { name: 'All Requests' });
      const idHeader = table.getByRole('columnheader', { name: /^Request ID/ });
      await table
        .getByRole('checkbox', { name: /^Select row \d+$/ })
        .first()
        .waitFor();
      expect(await idHeader.getAttribute('aria-sort')).toBeNull();

      await idHeader.getByRole('button', { name: 'Request ID', exact: true }).click();
      await expect.poll(() => idHeader.getAttribute('aria-sort'), poll).toBe('ascending');
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toSatisfy(isSorted(1));
      await idHeader.getByRole('button', { name: 'Request ID', exact: true }).click();
      await expect.poll(() => idHeader.getAttribute('aria-sort'), poll).toBe('descending');
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toSatisfy(isSorted(-1));

      await page.getByRole('region', { name: 'All Requests' }).getByLabel('Search').fill('Completed');
      // The search applies after its debounce: wait for it, or the first page read below could be
      // the unsearched one, replaced a moment later.
      await expect.poll(() => new URL(page.url()).searchParams.get('q'), poll).toBe('Completed');
      await page.getByRole('combobox', { name: /Rows per page/ }).click();
      await page.getByRole('option', { name: '10', exact: true }).click();
      await page.getByText(/^1–10 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(10);
      const firstPage = await rowIds(page, 'All Requests');
      await page.getByRole('button', { name: 'Go to next page' }).click();
      // The step's edge row too (the last row shown), so the page is read the same way again.
      await expect
        .poll(() => new URL(page.url()).searchParams.toString(), poll)
        .toBe(`sort=requestId&dir=desc&q=Completed&size=10&page=2&after=${firstPage.at(-1)}`);

      // The view survives going elsewhere and coming Back, and opens the same from a shared link.
      await openFromSidebar(page, 'Home');
      await page.getByText(/Welcome to the User Access Portal/).waitFor();
      await page.goBack();
      await expect.poll(() => idHeader.getAttribute('aria-sort'), poll).toBe('descending');
      expect(await page.getByRole('region', { name: 'All Requests' }).getByLabel('Search').inputValue()).toBe(
        'Completed',
      );
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await page.goto('/AllRequest?sort=createdDate&dir=asc');
      const created = table.getByRole('columnheader', { name: /^Created Date/ });
      await expect.poll(() => created.getAttribute('aria-sort'), poll).toBe('ascending');
    } finally {
      await context.close();
    }
  });

  it('(§1.2) steps to the next and previous tracker page from the edge row of the page shown', async () => {
    const { context, page } = await signIn(browser(), 'Sue Super', { width: 1600 });
    const anchors: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/Request/AllRequests') {
        anchors.push((request.postDataJSON() as { anchor?: unknown }).anchor ?? null);
      }
    });
    try {
      await page.goto('/AllRequest?sort=requestId&dir=asc&size=10');
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toHaveLength(10);
      const first = await rowIds(page, 'All Requests');
      expect(first).toSatisfy(isSorted(1));

      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).not.toEqual(first);
      const second = await rowIds(page, 'All Requests');
      expect(anchors.at(-1)).toEqual({ requestId: first.at(-1), isBefore: false });
      expect(second).toSatisfy(isSorted(1));
      expect(second[0]).toBeGreaterThan(first.at(-1)!);

      // The address keeps the step's edge row, so a fresh load reads the page the same way.
      expect(new URL(page.url()).searchParams.get('after')).toBe(String(first.at(-1)));
      await page.reload();
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toEqual(second);
      expect(anchors.at(-1)).toEqual({ requestId: first.at(-1), isBefore: false });

      // The same page asked for by its number (an address without the row) holds the same rows.
      await page.goto('/AllRequest?sort=requestId&dir=asc&size=10&page=2');
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toEqual(second);
      expect(anchors.at(-1)).toBeNull();

      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.getByText(/^21–30 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).not.toEqual(second);
      const third = await rowIds(page, 'All Requests');
      expect(anchors.at(-1)).toEqual({ requestId: second.at(-1), isBefore: false });

      // A step back reads the rows before the shown page's first one, and the address says so.
      await page.getByRole('button', { name: 'Go to previous page' }).click();
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toEqual(second);
      expect(anchors.at(-1)).toEqual({ requestId: third[0], isBefore: true });
      expect(new URL(page.url()).searchParams.get('before')).toBe(String(third[0]));

      // The first page is always asked for by its number.
      const sent = anchors.length;
      await page.getByRole('button', { name: 'Go to previous page' }).click();
      await page.getByText(/^1–10 of \d+$/).waitFor();
      await expect.poll(() => rowIds(page, 'All Requests'), poll).toEqual(first);
      expect(anchors.slice(sent).filter((anchor) => anchor !== null)).toEqual([]);

      // Any other move (here a sort) asks by number again, and the address drops the row.
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.getByText(/^11–20 of \d+$/).waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('after'), poll).toBe(String(first.at(-1)));
      await page
        .getByRole('columnheader', { name: /^Request ID/ })
        .getByRole('button', { name: 'Request ID', exact: true })
        .click();
      await page.getByText(/^1–10 of \d+$/).waitFor();
      expect(anchors.at(-1)).toBeNull();
      const url = new URL(page.url());
      expect([
        url.searchParams.get('dir'),
        url.searchParams.has('after'),
        url.searchParams.has('page'),
      ]).toEqual(['desc', false, false]);
    } finally {
      await context.close();
    }
  });

  // One test per group of screens, so each stays well inside the journey timeout on a busy machine.
  it.each([
    ['Sue Super', ['My Requests', 'Modify an Existing Access', 'My Approval Tasks', 'My Archive Approvals']],
    ['Sue Super', ['Request Tracker', 'My Provisioning Tasks', 'My Archive Provisionings']],
    ['Alex Approver', ['My Role Details']],
  ] as const)('(§1.2) every offered sort is one the server accepts: %s, %j', async (user, links) => {
    const { context, page } = await signIn(browser(), user, { width: 1600 });
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        failures.push(`${response.status()} ${response.url()}`);
      }
    });
    try {
      for (const link of links) {
        await openFromSidebar(page, link);
        const headers = page.getByRole('columnheader');
        await headers.first().waitFor();
        let sorted = 0;
        for (let i = 0; i < (await headers.count()); i += 1) {
          const header = headers.nth(i);
          const sortButton = header.getByRole('button').filter({ hasNotText: /^$/ });
          if ((await sortButton.count()) === 0) {
            continue;
          }
          await sortButton.click();
          await expect.poll(() => header.getAttribute('aria-sort'), poll).toBe('ascending');
          await page.getByRole('progressbar', { name: 'Loading records' }).waitFor({ state: 'detached' });
          sorted += 1;
        }
        expect(sorted, link).toBeGreaterThan(2);
      }
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('(§1.3) the auditor sees read-only task screens: no selection, no write buttons, no task count', async () => {
    const submitted = await samLine({ statusId: RequestStatus.SUBMITTED });
    const approved = await samLine({ statusId: RequestStatus.APPROVED });
    const { context, page } = await signIn(browser(), 'Avery Auditor', { width: 1600 });
    try {
      const screens = [
        ['My Approval Tasks', 'Submitted Requests', submitted.id],
        ['My Provisioning Tasks', 'Approved Requests', approved.id],
        ['Request Tracker', 'All Requests', approved.id],
      ] as const;
      for (const [link, table, id] of screens) {
        await openFromSidebar(page, link);
        const region = page.getByRole('region', { name: table });
        await region.getByLabel('Search').fill(String(id));
        await region
          .getByRole('cell', { name: new RegExp(`(^| )${id}$`) })
          .first()
          .waitFor();
        expect(await region.getByRole('checkbox').count(), link).toBe(0);
        for (const name of writeButtons) {
          // A column header of the same name (a sort button) is not an action.
          const buttons = await page.getByRole('button', { name, exact: true }).count();
          const headers = await region
            .getByRole('columnheader')
            .getByRole('button', { name, exact: true })
            .count();
          expect(buttons - headers, `${link}: ${String(name)}`).toBe(0);
        }
        // The request id opens no decision dialog.
        expect(await region.getByRole('button', { name: String(id), exact: true }).count(), link).toBe(0);
      }
      await openFromSidebar(page, 'Home');
      const tiles = page.getByRole('list', { name: 'Shortcuts' });
      await tiles.getByRole('link').first().waitFor();
      expect(await tiles.getByRole('link', { name: /, \d+\+? to (approve|provision)$/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('(§1.4) My Requests offers only cancellable rows and says why the others are greyed', async () => {
    const submitted = await samLine({ statusId: RequestStatus.SUBMITTED });
    const approved = await samLine({ statusId: RequestStatus.APPROVED });
    const { context, page } = await signIn(browser(), 'Sam Standard', { width: 1600 });
    try {
      await openFromSidebar(page, 'My Requests');
      const region = page.getByRole('region', { name: 'My Requests' });
      await searchFor(page, 'My Requests', String(approved.id), [approved.id]);
      const greyed = region.getByRole('checkbox', { name: `Select row ${approved.id}`, exact: true });
      await expect.poll(() => greyed.isDisabled(), poll).toBe(true);
      const reason = messages.cancelOnlySubmittedRow('Approved');
      // The reason is the checkbox's description (screen readers) and its tooltip (pointer).
      const describedBy = (await greyed.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
      // Hovered as a person would, moving onto it again if the row was redrawn under the pointer
      // (a tooltip opens on the pointer entering the element, which a redraw does not repeat).
      const tooltip = page.getByRole('tooltip', { name: reason });
      const hoverShowsTooltip = async () => {
        await page.mouse.move(0, 0);
        await greyed.locator('xpath=ancestor::span[2]').hover();
        return tooltip.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      };
      await expect.poll(hoverShowsTooltip, { timeout: 20_000 }).toBe(true);

      await searchFor(page, 'My Requests', String(submitted.id), [submitted.id]);
      const box = region.getByRole('checkbox', { name: `Select row ${submitted.id}`, exact: true });
      await box.check();
      await expect
        .poll(() => page.getByRole('button', { name: 'Cancel selected requests' }).isEnabled(), poll)
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('(§2.6, §2.7) sticky header and first column, density, a remembered column chooser, filter chips, empty state', async () => {
    const { context, page } = await signIn(browser(), 'Sam Standard', { width: 1280 });
    try {
      await openFromSidebar(page, 'My Requests');
      const region = page.getByRole('region', { name: 'My Requests' });
      const table = page.getByRole('table', { name: 'My Requests' });
      const headerNames = async () =>
        (await table.getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
      await table
        .getByRole('checkbox', { name: /^Select row \d+$/ })
        .first()
        .waitFor();

      // Sticky: the header row, and the selection box and first column of each row.
      type StyleWindow = { getComputedStyle: (element: unknown) => { position: string } };
      const position = (selector: string) =>
        table
          .locator(selector)
          .first()
          .evaluate((el) => (globalThis as unknown as StyleWindow).getComputedStyle(el).position);
      expect(await position('thead th')).toBe('sticky');
      expect(await position('tbody td:nth-child(2)')).toBe('sticky');

      // Hide a column and move another first; both survive a reload, for this user only.
      await region.getByRole('button', { name: 'Columns' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose columns' });
      await chooser.getByRole('checkbox', { name: 'Request Type' }).uncheck();
      await chooser.getByRole('button', { name: 'Move Platform up' }).click();
      for (let i = 0; i < 8; i += 1) {
        const up = chooser.getByRole('button', { name: 'Move Platform up' });
        if (await up.isDisabled()) {
          break;
        }
        await up.click();
      }
      await chooser.getByRole('button', { name: 'Done' }).click();
      await chooser.waitFor({ state: 'detached' });
      await region.getByRole('button', { name: 'Comfortable' }).click();
      const check = async () => {
        const names = await headerNames();
        expect(names).not.toContain('Request Type');
        expect(names[0]).toBe('Platform');
        expect(await table.locator('tbody td').first().getAttribute('class')).toContain(
          'MuiTableCell-sizeMedium',
        );
      };
      await check();
      const keys = await page.evaluate<string[]>('Object.keys(localStorage)');
      expect(keys.filter((k) => k.startsWith('uap.table-layout.'))).toEqual([
        'uap.table-layout.sam.standard@agency.example.My Requests',
      ]);
      await page.reload();
      await table
        .getByRole('checkbox', { name: /^Select row \d+$/ })
        .first()
        .waitFor();
      await check();

      // A search that matches nothing: a removable chip, an empty state that says why and clears.
      await region.getByLabel('Search').fill('no-such-request-anywhere');
      const chip = region.getByRole('list', { name: 'Active filters' }).getByRole('button', {
        name: 'Search: no-such-request-anywhere',
      });
      await chip.waitFor();
      await region.getByText(messages.noRowsMatchFilters).waitFor();
      await region.getByRole('button', { name: 'Clear filters', exact: true }).click();
      await chip.waitFor({ state: 'detached' });
      await table
        .getByRole('checkbox', { name: /^Select row \d+$/ })
        .first()
        .waitFor();
      expect(await region.getByLabel('Search').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('(§2.8) at 390 px every built route fits the screen and a table shows rows as cards', async () => {
    const { id } = await samLine({ statusId: RequestStatus.SUBMITTED });
    const visits = [
      [
        'Sue Super',
        [
          '/',
          '/NewRequest',
          '/MyRequests',
          '/ChangeUserRecords',
          '/LearningResourceCenter',
          '/AgencyClients',
          '/Contact',
          '/NewsLetter',
          '/Approvals',
          '/ArchiveApprovals',
          '/Provisioners',
          '/ArchiveProvisioners',
          '/AllRequest',
          `/Logs/${id}`,
          '/Token',
          '/MasterData',
          '/MasterDataRequest',
        ],
      ],
      ['Alex Approver', ['/MyApprovalPaths']],
      ['Mia Master', ['/MyMasterApprovalPath']],
    ] as const;
    const overflowing: string[] = [];
    type Viewport = { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
    for (const [user, paths] of visits) {
      const { context, page } = await signIn(browser(), user, { width: 390, height: 844 });
      try {
        for (const path of paths) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page
            .getByRole('progressbar')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => undefined);
          const { scrollWidth, innerWidth } = await page.evaluate(() => {
            const w = globalThis as unknown as Viewport;
            return { scrollWidth: w.document.documentElement.scrollWidth, innerWidth: w.innerWidth };
          });
          if (scrollWidth > innerWidth) {
            overflowing.push(`${path}: ${scrollWidth}px`);
          }
        }
        if (user === 'Sue Super') {
          await page.goto('/AllRequest');
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const cards = page.getByRole('list', { name: 'All Requests' }).getByRole('listitem');
          await cards.first().waitFor();
          await cards.first().getByText('Request ID').waitFor();
        }
      } finally {
        await context.close();
      }
    }
    expect(overflowing).toEqual([]);
  });
});
