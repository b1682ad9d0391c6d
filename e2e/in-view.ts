import type { Locator } from 'playwright-core';

/**
 * Whether an element is where the user is looking: focused, and wholly inside the window and
 * inside every scrolled box around it (a dialog's content), not below the fold.
 */
export function isFocusedInView(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const inside = (box: { top: number; bottom: number }) =>
      rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
    if (!inside({ top: 0, bottom: window.innerHeight })) {
      return false;
    }
    for (let box = el.parentElement; box; box = box.parentElement) {
      if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible') {
        if (!inside(box.getBoundingClientRect())) {
          return false;
        }
      }
    }
    return el === document.activeElement || el.contains(document.activeElement);
  });
}
