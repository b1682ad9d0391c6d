// `npm start` builds the web app only when its sources changed since the last build: a start on
// an unchanged checkout serves the existing `packages/web/dist` at once. The build writes a
// fingerprint of everything it reads (the web app's and the domain package's sources, the Vite
// config, the lockfile) beside its output; a start compares it with the sources' fingerprint now.
// `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.vite/sources.sha256');
const inputs = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) {
    return [];
  }
  if (!fs.statSync(full).isDirectory()) {
    return [relative];
  }
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** One hash over every input file's path and content, in a stable order. */
function sourcesFingerprint() {
  const hash = crypto.createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const fingerprint = sourcesFingerprint();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built === fingerprint && fs.existsSync(path.join(dist, 'index.html'))) {
  console.log('The web app is up to date with its sources: not rebuilt.');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', '@uap/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, `${fingerprint}\n`);
}
