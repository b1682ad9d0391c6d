import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@uap/domain';
import { buildPath, type BuiltPath } from '../packages/server/test/factories.ts';
import { launchedForFile, signIn } from './browser.ts';
import { e2eDb } from './server.ts';

const browser = launchedForFile();

const poll = { timeout: 15_000 };

/** The Database Manager's types that ask the one delete sentence of spec 3 §5, with the sentence as written. */
const asked = [
  ['Region', 'Are you sure want to delete this Region?'],
  ['Market', 'Are you sure want to delete this Market?'],
  ['Agency', 'Are you sure want to delete this Agency?'],
  ['Practice', 'Are you sure want to delete this Practice?'],
  ['Platform', 'Are you sure want to delete this Platform?'],
  ['Client - Client Code', 'Are you sure want to delete this Client - Client Code?'],
  ['Client Asset', 'Are you sure want to delete this Client Asset?'],
] as const;
type AskedType = (typeof asked)[number][0];

const nameOf = (path: BuiltPath, type: AskedType): string =>
  ({
    Region: path.names.region,
    Market: path.names.market,
    Agency: path.names.agency,
    Practice: path.names.practice,
    Platform: path.names.platform,
    'Client - Client Code': path.names.client,
    'Client Asset': path.names.account,
  })[type];

/** Opens a type under the path's parents; regions (which have none) are narrowed by the search. */
async function openType(page: Page, path: BuiltPath, type: AskedType) {
  await page.goto(
    `/MasterData?${new URLSearchParams({
      type,
      region: String(path.regionId),
      market: String(path.marketId),
      agency: String(path.agencyId),
      practice: String(path.practiceId),
      platform: String(path.platformId),
      client: String(path.clientId),
    }).toString()}`,
  );
  const region = page.getByRole('region', { name: 'Database Manager' });
  if (type === 'Region') {
    await region.getByLabel('Search').fill(path.names.region);
    await region.getByText(`Search: ${path.names.region}`, { exact: true }).waitFor();
  }
  const loading = region.getByRole('progressbar', { name: 'Loading records' });
  await expect.poll(() => loading.count(), poll).toBe(0);
  await deleteButton(page, path, type).waitFor();
}

const deleteButton = (page: Page, path: BuiltPath, type: AskedType) =>
  page
    .getByRole('table', { name: 'Database Manager' })
    .getByRole('button', { name: `Delete ${nameOf(path, type)}`, exact: true });

describe('Database Manager: deleting an item', () => {
  it(
    "Sue is asked the spec's question for each type; No changes nothing, Yes deletes the client asset and then its client",
    { timeout: 240_000 },
    async () => {
      const db = e2eDb();
      const path = await buildPath(db, { assignment: null });
      const { context, page } = await signIn(browser(), 'Sue Super');
      try {
        for (const [type, sentence] of asked) {
          await openType(page, path, type);
          await deleteButton(page, path, type).click();
          const confirm = page.getByRole('dialog', { name: `Delete ${type}` });
          await confirm.waitFor();
          expect(messages.confirmDeleteMasterData(type)).toBe(sentence);
          await confirm.getByText(sentence, { exact: true }).waitFor();
          await confirm.getByRole('button', { name: 'No', exact: true }).click();
          await confirm.waitFor({ state: 'hidden' });
          await deleteButton(page, path, type).waitFor();
        }
        // No changed nothing: every item of the path is still there.
        const stillThere = await Promise.all([
          db.selectFrom('regions').select('regionId').where('regionId', '=', path.regionId).execute(),
          db.selectFrom('markets').select('marketId').where('marketId', '=', path.marketId).execute(),
          db.selectFrom('agencies').select('agencyId').where('agencyId', '=', path.agencyId).execute(),
          db.selectFrom('clients').select('clientId').where('clientId', '=', path.clientId).execute(),
          db
            .selectFrom('clientAccounts')
            .select('clientAccountId')
            .where('clientAccountId', '=', path.clientAccountId)
            .execute(),
        ]);
        expect(stillThere.map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1]);

        // Yes: the client asset goes, then its client (now used by nothing) with its codes.
        for (const type of ['Client Asset', 'Client - Client Code'] as const) {
          await openType(page, path, type);
          await deleteButton(page, path, type).click();
          const confirm = page.getByRole('dialog', { name: `Delete ${type}` });
          await confirm.getByText(messages.confirmDeleteMasterData(type), { exact: true }).waitFor();
          await confirm.getByRole('button', { name: 'Yes, delete' }).click();
          await page.getByText(messages.masterDataDeleted(type), { exact: true }).waitFor();
          await confirm.waitFor({ state: 'hidden' });
          await deleteButton(page, path, type).waitFor({ state: 'detached' });
        }
        const account = await db
          .selectFrom('clientAccounts')
          .select('clientAccountId')
          .where('clientAccountId', '=', path.clientAccountId)
          .execute();
        const client = await db
          .selectFrom('clients')
          .select('clientId')
          .where('clientId', '=', path.clientId)
          .execute();
        const platform = await db
          .selectFrom('platforms')
          .select('platformId')
          .where('platformId', '=', path.platformId)
          .execute();
        expect([account.length, client.length, platform.length]).toEqual([0, 0, 1]);
      } finally {
        await context.close();
      }
    },
  );
});
