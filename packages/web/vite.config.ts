import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The UAP server (API, embedded identity provider, metrics, SCIM) in development. */
const serverUrl = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/oidc', '/metrics', '/scim'].map((path) => [path, serverUrl]));

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the highest levels:
 * the server sends them as they are (no compression work per request).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'uap-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (name) => !name.startsWith('.vite/') && /\.(js|css|html|svg|json|txt)$/.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * What every screen needs, first load included, kept in one long-cached file instead of many
 * small ones (each small file compresses worse). Screen code, MUI components, zod and the
 * table code stay split by route.
 */
const frameworkModules =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(react-query|query-core)|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|hoist-non-react-statics|react-is|clsx|prop-types)\//;

export default defineConfig({
  plugins: [react(), precompress()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads which files each screen loads from the manifest.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', test: frameworkModules }] } },
    },
  },
});
