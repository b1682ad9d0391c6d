import { expect } from 'vitest';
import { CSV_TRAILER, splitSignedFile } from '../src/modules/audit/export-trailer.ts';

/**
 * A signed CSV export's text without its signature line (which it must end with): what the
 * tests that read an export's rows compare.
 */
export function unsignedCsv(body: string | Buffer): string {
  const file = typeof body === 'string' ? Buffer.from(body) : body;
  const signed = splitSignedFile(file);
  expect(signed, 'the export ends with its signature line').not.toBeNull();
  expect(file.subarray(signed!.content.length).toString().startsWith(CSV_TRAILER)).toBe(true);
  return signed!.content.toString('utf8');
}
