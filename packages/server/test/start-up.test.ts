import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('start-up on the supported Node version', () => {
  it('loading the server, identity provider included, prints no warning', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', "await import('./src/app.ts');"],
      { cwd: serverDir, encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
  });
});
