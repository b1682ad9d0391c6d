/**
 * The JavaScript a screen of the built SPA requests on a first visit, from the build's manifest:
 * the entry with its static imports, plus the screen's lazily loaded page with its static imports.
 * Sizes are those of the precompressed .gz and .br files the server sends.
 *
 *   npm run build -w @uap/web && npx tsx bench/bundle-size.ts
 *
 * `WEB_DIST_DIR` names another build (as in lighthouse.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(import.meta.dirname, '../packages/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const screens: Record<string, string> = {
  Home: 'src/pages/Home/HomePage.tsx',
  'New Platform Access Request': 'src/pages/NewRequest/NewRequestPage.tsx',
  'Request Tracker': 'src/pages/AllRequest/RequestTrackerPage.tsx',
  'My Approval Tasks': 'src/pages/Approvals/ApprovalsPage.tsx',
};

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (!seen.has(key)) {
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) {
  throw new Error('The manifest names no entry: build the web first.');
}
const size = (file: string) => fs.statSync(path.join(distDir, file)).size;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('screen | files | raw | gzip | brotli');
for (const [screen, page] of Object.entries(screens)) {
  const files = [...closure([entry, page])].map((key) => manifest[key]!.file);
  const sum = (suffix: string) => files.reduce((total, file) => total + size(`${file}${suffix}`), 0);
  console.log(`${screen} | ${files.length} | ${kb(sum(''))} | ${kb(sum('.gz'))} | ${kb(sum('.br'))}`);
}
