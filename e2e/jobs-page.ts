import type { Page } from 'playwright-core';

/** Opens the Jobs page from the main menu and runs the job titled `title` now (confirmed). */
export async function runJobFromJobsPage(page: Page, title: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Jobs', exact: true })
    .click();
  const job = page.getByRole('region', { name: title });
  await job.getByRole('button', { name: 'Run now' }).click();
  await page
    .getByRole('dialog', { name: `Run ${title}` })
    .getByRole('button', { name: 'Run now' })
    .click();
}
