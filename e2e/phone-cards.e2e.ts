import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { RequestStatus } from '@uap/domain';
import { buildUser } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const phone = { width: 390, height: 844 };

/** The controls of a card that lie, wholly or in part, outside it (their accessible names). */
async function outsideOf(card: Locator, controls: Locator): Promise<string[]> {
  const frame = await card.boundingBox();
  if (!frame) {
    throw new Error('The card is not drawn');
  }
  const outside: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    const isInside =
      box !== null &&
      box.x >= frame.x - 1 &&
      box.y >= frame.y - 1 &&
      box.x + box.width <= frame.x + frame.width + 1 &&
      box.y + box.height <= frame.y + frame.height + 1;
    if (!isInside) {
      outside.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
    }
  }
  return outside;
}

/**
 * The words of the dialog's text broken across two lines although they would fit on one: a word
 * longer than this many characters (an email address) may break where it must.
 */
function wordsBrokenMidWord(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        if (match[0].length > 24) {
          continue;
        }
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) {
          broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe('On a phone (390 px)', () => {
  it('All User Profiles cards keep every row action inside the card', async () => {
    const person = await buildUser(e2eDb(), { name: 'Phone', lastName: 'Card Person' });
    const { context, page } = await signIn(browser(), 'Sue Super', phone);
    try {
      await page.goto(`/AllUserProfiles?q=${encodeURIComponent(person.email)}`);
      const card = page.getByRole('list', { name: 'All User Profiles' }).getByRole('listitem').first();
      const who = 'Phone Card Person';
      for (const action of ['Edit', 'Delete', 'Sync', 'Merge']) {
        await card.getByRole('button', { name: `${action} ${who}`, exact: true }).waitFor();
      }
      expect(await outsideOf(card, card.getByRole('button'))).toEqual([]);
      expect(await outsideOf(card, card.getByRole('link'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Database Manager cards have their row actions, however many columns the type has', async () => {
    const { context, page } = await signIn(browser(), 'Sue Super', phone);
    try {
      for (const type of ['Region', 'Platform', 'Practice']) {
        await page.goto(`/MasterData?type=${encodeURIComponent(type)}`);
        const card = page.getByRole('list', { name: 'Database Manager' }).getByRole('listitem').first();
        for (const action of ['Modify', 'Delete', 'History']) {
          await card.getByRole('button', { name: new RegExp(`^${action} `) }).waitFor();
        }
        expect(await outsideOf(card, card.getByRole('button')), type).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('the request dialogs break their values between words', async () => {
    const submitted = await samLine({ statusId: RequestStatus.SUBMITTED });
    const approved = await samLine({ statusId: RequestStatus.APPROVED });
    const visits: [string, string, string][] = [
      ['Alex Approver', `/Approvals?requestId=${submitted.id}`, `Approval Request #${submitted.id}`],
      ['Pat Provisioner', `/Provisioners?requestId=${approved.id}`, `Provisioning Request #${approved.id}`],
    ];
    for (const [name, route, title] of visits) {
      const { context, page } = await signIn(browser(), name, phone);
      try {
        await page.goto(route);
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.getByText('sam.standard@agency.example', { exact: false }).first().waitFor();
        expect(await wordsBrokenMidWord(dialog), title).toEqual([]);
        // Nothing runs off the dialog sideways either.
        const content = dialog.locator('.MuiDialogContent-root');
        expect(await content.evaluate((e) => e.scrollWidth <= e.clientWidth), title).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});
