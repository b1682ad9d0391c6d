import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

const poll = { timeout: 15_000 };

/** The ids of the rows a table shows, read from their selection checkboxes. */
export async function rowIds(scope: Page | Locator, table: string): Promise<number[]> {
  const labels = await scope
    .getByRole('table', { name: table })
    .getByRole('checkbox', { name: /^Select row \d+$/ })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/\d+$/.exec(label)?.[0]));
}

/**
 * Narrows a table through its search box and waits until it shows exactly the rows `ids`, as a
 * person would before ticking one: the page shown before the search may hold the same row, and
 * acting on it races the search's page being drawn in its place (a tick that does not stay, a
 * click that lands on another row, or a hover whose tooltip the redraw closes). So the rows are
 * read once the search is the table's (its chip shows, after the box's debounce) and no read is
 * under way: a table whose first page already showed just that row passed at once, and a tick
 * then raced the search's page.
 */
export async function searchFor(scope: Page | Locator, table: string, text: string, ids: number[]) {
  const region = scope.getByRole('region', { name: table });
  await region.getByLabel('Search').fill(text);
  await region.getByText(`Search: ${text.trim()}`, { exact: true }).waitFor();
  const loading = region.getByRole('progressbar', { name: 'Loading records' });
  await expect
    .poll(async () => ((await loading.count()) === 0 ? rowIds(scope, table) : 'loading'), poll)
    .toEqual(ids);
}
