import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The standards the journeys hold every screen to: WCAG 2.0, 2.1 and 2.2 A and AA, and best practices. */
const standards = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Every rule of the installed axe for those standards, its experimental ones included (axe leaves
 * them out by default, and one of them, `label-content-name-mismatch`, is WCAG 2.5.3: a control's
 * name contains its visible words). Deprecated rules stay out: axe no longer maintains them.
 */
export const axeRules: readonly string[] = axe
  .getRules()
  .filter((r) => r.tags.some((t) => standards.includes(t)) && !r.tags.includes('deprecated'))
  .map((r) => r.ruleId);

/**
 * Every axe finding on the page (or inside `include`), one line each: rule, impact, element and
 * what to fix. A journey expects none: each rule that reports here has been fixed, not switched off.
 */
export async function axeFindings(page: Page, include?: string): Promise<string[]> {
  // Only the violations are gathered in full: the details of every passing node would cost
  // seconds on a screen with a table of 50 rows.
  let builder = new AxeBuilder({ page }).withRules([...axeRules]).options({ resultTypes: ['violations'] });
  if (include) {
    builder = builder.include(include);
  }
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? 'none'}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
  );
}
