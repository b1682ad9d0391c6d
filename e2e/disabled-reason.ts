import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * A disabled control says why: pointing at it shows the reason as a tooltip, and the control's
 * accessible description (aria-describedby) carries the same words for a screen reader.
 */
export async function expectReason(page: Page, control: Locator, reason: string) {
  await expect.poll(() => control.isDisabled(), { timeout: 15_000 }).toBe(true);
  // The reason may arrive after the control is disabled (a screen still loading what it needs).
  const description = async () => {
    const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter((id) => id !== '')
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    return texts.join(' ');
  };
  await expect.poll(description, { timeout: 15_000 }).toContain(reason);
  // A hover that lands while the page is still redrawing shows nothing: point again, as a person would.
  const tip = page.getByRole('tooltip', { name: reason });
  await expect
    .poll(
      async () => {
        await page.mouse.move(0, 0);
        // A disabled button takes no pointer events: the pointer goes where a person would put it.
        await control.hover({ force: true });
        return tip.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: 'hidden' });
}
