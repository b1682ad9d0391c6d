import createCache from '@emotion/cache';
import { serializeStyles, type CSSObject } from '@emotion/serialize';
import type { Theme } from '@mui/material/styles';
import { getTheme } from '../../app/theme.ts';
import { tableBodyStyles, toolClasses } from './table-styles.ts';

/**
 * The table's stylesheet (`tableBodyStyles`, scoped to the table's section) as one `<style>`
 * element, compiled by emotion's own serialiser and stylis pipeline (the CSS is what MUI's
 * `GlobalStyles` made of it), but:
 * - compiled a few rules at a time in tasks of their own (`prepareTableStyles`), started when
 *   the table's code loads, instead of inside the commit that first draws a table, where it was
 *   the larger part of a long task (serialising, prefixing and one `insertRule` per rule);
 * - inserted once, as one text (one parse by the browser), when the first table is drawn, and
 *   kept: its rules only match inside a table's section.
 * It is made from the app's theme (`getTheme()`), the one every screen is drawn with: the theme
 * a component reads from MUI's context is a copy of it, another object each time.
 */

/** Rules compiled per task: a few milliseconds each on a slow phone. */
const rulesPerStep = 8;

/** Emotion's pipeline (prefixer included), used only to compile: it inserts nothing itself. */
const compiler = createCache({ key: 'uap-table' });

interface Compiled {
  theme: Theme;
  /** The style object's top-level rules, in order, and how many are compiled. */
  entries: [string, CSSObject][];
  next: number;
  css: string[];
  element: HTMLStyleElement | null;
}

let current: Compiled | null = null;

function compiledFor(theme: Theme): Compiled {
  if (current?.theme !== theme) {
    current?.element?.remove();
    current = {
      theme,
      entries: Object.entries(tableBodyStyles(theme) as Record<string, CSSObject>),
      next: 0,
      css: [],
      element: null,
    };
  }
  return current;
}

/** Compiles the next few rules; false once every rule is compiled. */
function compileStep(compiled: Compiled): boolean {
  if (compiled.next >= compiled.entries.length) {
    return false;
  }
  const part: CSSObject = Object.fromEntries(
    compiled.entries.slice(compiled.next, compiled.next + rulesPerStep),
  );
  compiled.next += rulesPerStep;
  const serialized = serializeStyles([{ [`.${toolClasses.root}`]: part }], compiler.registered);
  const sheet = {
    insert: (rule: string) => {
      compiled.css.push(rule);
    },
  };
  // The keyframes the rules name come in a list of their own, as for GlobalStyles.
  for (let next = serialized.next; next; next = next.next) {
    compiler.insert('', next, sheet as unknown as typeof compiler.sheet, false);
  }
  compiler.insert('', serialized, sheet as unknown as typeof compiler.sheet, false);
  return compiled.next < compiled.entries.length;
}

/**
 * Compiles the table's stylesheet in short tasks of their own, ahead of the first table's draw
 * (called when the table's code is evaluated).
 */
export function prepareTableStyles(theme: Theme = getTheme()): void {
  const compiled = compiledFor(theme);
  const step = () => {
    if (current === compiled && compileStep(compiled)) {
      setTimeout(step, 0);
    }
  };
  setTimeout(step, 0);
}

/** Puts the table's stylesheet in the page (compiling what is left of it): before a table is drawn. */
export function insertTableStyles(theme: Theme = getTheme()): void {
  const compiled = compiledFor(theme);
  if (compiled.element) {
    return;
  }
  while (compileStep(compiled)) {
    // Compiles what the tasks have not yet.
  }
  const element = document.createElement('style');
  element.setAttribute('data-emotion', 'uap-table-global');
  element.textContent = compiled.css.join('');
  document.head.appendChild(element);
  compiled.element = element;
}
