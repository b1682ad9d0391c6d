import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { csvLine } from '../src/db/csv-text.ts';

/**
 * The exports write their lines by hand (`csvLine`) for speed; the rest of the app writes CSV
 * with csv-stringify. The hand-written line must be csv-stringify's, byte for byte.
 */

/** A small seeded generator: the same cells on every run. */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  'a',
  'Zoë',
  ' ',
  ',',
  '"',
  '""',
  '\n',
  '\r',
  '\r\n',
  "'",
  '=',
  ';',
  '\t',
  '😀',
  '—',
  'x,y',
  '',
];

describe('a CSV line written by hand', () => {
  it("is csv-stringify's line for cells holding commas, quotes, line ends and any other text", () => {
    const random = randomOf(20_261_127);
    for (let line = 0; line < 2_000; line++) {
      const cells = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
        Array.from(
          { length: Math.floor(random() * 5) },
          () => PIECES[Math.floor(random() * PIECES.length)],
        ).join(''),
      );
      expect(csvLine(cells)).toBe(stringify([cells]));
    }
  });

  it('writes the simple cases as a spreadsheet reads them', () => {
    expect(csvLine(['plain', 'with,comma', 'say "hi"', ''])).toBe('plain,"with,comma","say ""hi""",\n');
    expect(csvLine(['two\nlines'])).toBe('"two\nlines"\n');
  });
});
