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
 * click that lands on another row, or a hover whose tooltip the redraw closes).
 */
export async function searchFor(scope: Page | Locator, table: string, text: string, ids: number[]) {
  await scope.getByRole('region', { name: table }).getByLabel('Search').fill(text);
  await expect.poll(() => rowIds(scope, table), poll).toEqual(ids);
}
