// `npm test`: lint, type-check, unit tests, API tests on SQLite and on PostgreSQL, and the
// end-to-end journeys in Chromium. Ends with one plain line `N passed, N failed`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster } from './pg.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- server e2e` runs only those steps
const results = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-test-report-'));

function wanted(step) {
  return only.length === 0 || only.includes(step);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`── ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  return result.status === 0;
}

/** A check that is not a test suite (lint, type-check, build) counts as one test. */
function check(label, cmd, args) {
  const ok = run(label, cmd, args);
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function vitest(label, project, env = {}) {
  const file = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
    if (report.numTotalTests === 0) {
      console.log(`!! ${label}: no tests ran`);
      failed += 1;
    }
  }
  results.push({ label, passed, failed });
}

/** A Debian package the tests drive (Chromium, HAProxy), installed with apt-get when missing. */
function ensurePackage(name, binary) {
  if (fs.existsSync(binary)) {
    return;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${binary} is missing: install the Debian package '${name}' (apt-get install -y ${name}).`,
    );
  }
  console.log(`Installing ${name} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', name], { stdio: 'inherit', env });
  if (install().status !== 0) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', name], { stdio: 'inherit', env });
  }
}

if (wanted('lint')) {
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
}
if (wanted('typecheck')) {
  check('type-check', 'npx', ['tsc', '-b']);
}
if (wanted('unit')) {
  vitest('unit tests (domain)', 'domain');
}
if (wanted('server')) {
  vitest('API tests on SQLite', 'server');
  let cluster;
  try {
    // The cluster test runs two instances behind HAProxy on the PostgreSQL run.
    ensurePackage('haproxy', '/usr/sbin/haproxy');
    cluster = startCluster();
    vitest('API tests on PostgreSQL', 'server', { TEST_PG_URL: cluster.url });
  } catch (error) {
    console.error(error);
    results.push({ label: 'API tests on PostgreSQL', passed: 0, failed: 1 });
  } finally {
    cluster?.stop();
  }
}
if (wanted('e2e')) {
  try {
    ensurePackage('chromium', CHROMIUM);
    check('web build', 'npm', ['run', 'build', '-w', '@uap/web']);
    vitest('end-to-end journeys in Chromium', 'e2e');
  } catch (error) {
    console.error(error);
    results.push({ label: 'end-to-end journeys in Chromium', passed: 0, failed: 1 });
  }
}

fs.rmSync(reportDir, { recursive: true, force: true });
console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.failed === 0 ? 'ok    ' : 'FAILED'} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
