import type { Locator, Page } from 'playwright-core';

/**
 * Whether a dialog's message is where the user is looking: focused, and wholly inside the window
 * and inside the dialog (not scrolled below the fold of its content).
 */
export async function isFocusedInView(page: Page, dialog: Locator, message: Locator): Promise<boolean> {
  const [box, frame, viewport] = [
    await message.boundingBox(),
    await dialog.boundingBox(),
    page.viewportSize(),
  ];
  if (!box || !frame || !viewport) {
    return false;
  }
  const isInside = (top: number, bottom: number) => box.y >= top - 1 && box.y + box.height <= bottom + 1;
  if (!isInside(0, viewport.height) || !isInside(frame.y, frame.y + frame.height)) {
    return false;
  }
  const focused = page.locator(':focus');
  return (await focused.count()) === 1 && (await focused.getAttribute('role')) === 'alert'
    ? (await focused.textContent()) === (await message.textContent())
    : false;
}
