import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';

const folder = path.join(import.meta.dirname, 'migrations');
const sha256 = (file: string) =>
  crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(folder, file)))
    .digest('hex');

/** `landed.sha256` as sha256sum writes it: hash, two spaces, file name; '#' lines are notes. */
function landed(): Map<string, string> {
  const lines = fs.readFileSync(path.join(folder, 'landed.sha256'), 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [hash, file] = line.split(/\s+/);
        return [file!, hash!];
      }),
  );
}

const migrationFiles = fs.readdirSync(folder).filter((file) => /^\d{4}_.+\.ts$/.test(file));

describe('landed migrations', () => {
  it('are never edited: each file still has the checksum it landed with', () => {
    const changed = [...landed()]
      .filter(([file, hash]) => !fs.existsSync(path.join(folder, file)) || sha256(file) !== hash)
      .map(([file]) => `${file} changed or went missing after it landed: write a new migration instead`);
    expect(changed).toEqual([]);
  });

  it('are all on record, so the check covers every one', () => {
    const known = landed();
    const unrecorded = migrationFiles
      .filter((file) => !known.has(file))
      .map((file) => `${sha256(file)}  ${file}`);
    // A new migration: append the line(s) below to db/migrations/landed.sha256.
    expect(unrecorded).toEqual([]);
  });

  it('run in the order of their numbers, each listed once', () => {
    const numbers = migrationFiles.map((file) => file.slice(0, 4));
    expect(Object.keys(migrations)).toEqual(migrationFiles.map((file) => file.replace(/\.ts$/, '')).sort());
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
