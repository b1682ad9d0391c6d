import { describe, expect, it } from 'vitest';
import { RequestStatus, messages } from '@uap/domain';
import { launchedForFile, signIn } from './browser.ts';
import { samLine } from './data.ts';
import { searchFor } from './table-search.ts';

const browser = launchedForFile();

describe('Bulk provisioning', () => {
  it('lists user, platform, client and role per request, and counts what was provisioned', async () => {
    const first = await samLine({ statusId: RequestStatus.APPROVED });
    const second = await samLine({ statusId: RequestStatus.APPROVED });
    const { context, page } = await signIn(browser(), 'Pat Provisioner');
    try {
      await page.goto('/Provisioners');
      const table = page.getByRole('table', { name: 'My Provisioning Tasks' });
      for (const { id } of [first, second]) {
        await searchFor(page, 'My Provisioning Tasks', String(id), [id]);
        await table.getByRole('checkbox', { name: `Select row ${id}`, exact: true }).check();
      }
      await page.getByRole('button', { name: 'Action on Selected Requests (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Action on Selected Requests' });
      const lines = dialog.getByRole('table', { name: 'Requests to decide' });
      for (const { id, path } of [first, second]) {
        const line = lines.getByRole('row').filter({ hasText: `#${id}` });
        await line.getByRole('cell', { name: 'Sam Standard', exact: true }).waitFor();
        await line.getByRole('cell', { name: path.names.platform, exact: true }).waitFor();
        await line.getByRole('cell', { name: path.names.client, exact: true }).waitFor();
      }
      expect(await lines.getByRole('row').count()).toBe(3);
      await dialog
        .getByRole('textbox', { name: 'Comments' })
        .fill('Granted in the platform for the campaign');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('status').getByText(messages.requestsDecided(2, 'provisioned')).waitFor();
    } finally {
      await context.close();
    }
  });
});
