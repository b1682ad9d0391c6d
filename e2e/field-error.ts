import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The texts of the elements a control's aria-describedby names. */
async function descriptionOf(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** Whether the field has the focus and is wholly inside the window and inside its dialog. */
async function isFocusedInView(page: Page, dialog: Locator, field: Locator): Promise<boolean> {
  const [box, frame, viewport] = [await field.boundingBox(), await dialog.boundingBox(), page.viewportSize()];
  if (!box || !frame || !viewport) {
    return false;
  }
  const isInside = (top: number, bottom: number) => box.y >= top - 1 && box.y + box.height <= bottom + 1;
  return (
    isInside(0, viewport.height) &&
    isInside(frame.y, frame.y + frame.height) &&
    (await field.evaluate((element) => element === document.activeElement))
  );
}

/**
 * A failed check points at the field: the field is focused and in view, marked invalid
 * (aria-invalid), and its accessible description is the message.
 */
export async function expectFieldError(page: Page, dialog: Locator, field: Locator, message: string) {
  await expect.poll(() => isFocusedInView(page, dialog, field), { timeout: 15_000 }).toBe(true);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(page, field)).toContain(message);
}

/** The field is marked invalid and described by the message, without having the focus. */
export async function expectMarked(page: Page, field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
  expect(await descriptionOf(page, field)).toContain(message);
}
