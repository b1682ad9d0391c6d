import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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
 * MUI's default themes made on first use instead of when their modules are evaluated. MUI makes
 * a whole `createTheme()` at module load in six modules (`styles/defaultTheme`, for its
 * `styled`, `useTheme` and the like, and `Box`; in `@mui/system`, `useTheme`, `createStyled`,
 * `Grid` and `Stack`), all in the task that evaluates the framework and the first screen's
 * packages, though each is read only by a component drawn outside a `ThemeProvider` or a
 * `styled` made without MUI's own default: the app draws every component inside its own
 * (`App.tsx`). Here each is an object that makes that same default theme the first time
 * anything reads it (a Proxy over the module's own `createTheme()`): what a component sees is
 * unchanged. The build fails if one of MUI's modules no longer reads as expected.
 */
function lazyMuiDefaultTheme(): Plugin {
  // Each module (below `@mui/`, without its extension) and the statement that makes its theme.
  const local = 'const defaultTheme = createTheme();';
  const exported = 'export const systemDefaultTheme = createTheme();';
  const modules = new Map([
    ['material/styles/defaultTheme', local],
    ['material/Box/Box', local],
    ['system/useTheme/useTheme', exported],
    ['system/createStyled/createStyled', exported],
    ['system/Grid/createGrid', local],
    ['system/Stack/createStack', local],
  ]);
  const lazyTheme = `
const lazyTheme = (make) => {
  let made;
  const theme = () => (made ??= make());
  return new Proxy({}, {
    get: (_, key) => Reflect.get(theme(), key),
    set: (_, key, value) => Reflect.set(theme(), key, value),
    has: (_, key) => Reflect.has(theme(), key),
    ownKeys: () => Reflect.ownKeys(theme()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(theme(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(theme(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(theme(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(theme()),
  });
};
`;
  const seen = new Set<string>();
  return {
    name: 'uap-lazy-mui-default-theme',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const name = /\/@mui\/(.+)\.m?js$/.exec(file)?.[1] ?? '';
      const eager = modules.get(name);
      if (eager === undefined) {
        return null;
      }
      if (!code.includes(eager)) {
        this.error(`lazy MUI default theme: ${file} no longer reads '${eager}'`);
      }
      seen.add(name);
      const lazy = eager.replace('createTheme();', 'lazyTheme(() => createTheme());');
      return { code: code.replace(eager, `${lazyTheme}${lazy}`), map: null };
    },
    buildEnd() {
      if (seen.size === 0) {
        this.error("lazy MUI default theme: none of MUI's modules was transformed");
      }
    },
  };
}

/**
 * The files each screen's first visit loads beyond the entry's (its chunk and the chunks it
 * imports statically), by route path, in `.vite/route-preloads.json`: the server writes them
 * into index.html as `<link rel="modulepreload">` for the opened screen, so the browser fetches
 * them while it parses the HTML and the app's preload of the screen finds them there instead of
 * appending its links in a task of its own. Routes and their screens' files are read from
 * `src/app/pages.ts` (`builtPages`); the build fails if a route's file cannot be read from it.
 * A screen's files include the answer schemas its code loads beside its first request
 * (`src/api/*schema*.ts` imported dynamically, e.g. the Request Tracker's): on a cold load Vite's
 * preload helper would otherwise append their links with that request, 10–30 ms of one task on a
 * phone.
 */
function routePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'uap-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the manifest is made (Vite makes it last, in its own generateBundle).
    async writeBundle(_options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') {
        this.error('route preloads: the build has no manifest');
      }
      const manifest = JSON.parse(String(manifestAsset.source)) as Record<
        string,
        { file: string; imports?: string[]; dynamicImports?: string[] }
      >;
      const closure = (key: string, into = new Set<string>()) => {
        if (!into.has(key) && manifest[key]) {
          into.add(key);
          for (const next of manifest[key].imports ?? []) {
            closure(next, into);
          }
        }
        return into;
      };
      const isAnswerSchema = (key: string) => /^src\/api\/[^/]*schema[^/]*\.ts$/.test(key);
      /** The files a screen loads at once: its static closure and the answer schemas it loads. */
      const screenFiles = (key: string) => {
        const files = closure(key);
        for (const file of [...files]) {
          for (const schema of (manifest[file]!.dynamicImports ?? []).filter(isAnswerSchema)) {
            closure(schema, files);
          }
        }
        return files;
      };
      const entry = closure('index.html');
      const routes = pageFilesByRoute(await fs.readFile(path.join(root, 'src/app/pages.ts'), 'utf8'));
      const preloads: Record<string, string[]> = {};
      for (const [route, file] of routes) {
        const key = `src/${file}`;
        if (!manifest[key]) {
          this.error(`route preloads: ${key} (route ${route}) is not in the manifest`);
        }
        preloads[route] = [...screenFiles(key)]
          .filter((k) => !entry.has(k))
          .map((k) => `/${manifest[k]!.file}`);
      }
      await fs.writeFile(
        path.join(outDir, '.vite/route-preloads.json'),
        `${JSON.stringify(preloads, null, 2)}\n`,
      );
    },
  };
}

/** Route path → screen file (relative to src/) as `builtPages` in src/app/pages.ts lists them. */
export function pageFilesByRoute(source: string): Map<string, string> {
  const importOf = (text: string) => /import\('\.\.\/(pages\/[^']+)'\)/.exec(text)?.[1];
  // Screens named once and used by several routes: `const name = lazyPage(... import('...') ...`.
  const named = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazyPage\(([\s\S]*?)\n\}?\);?\n/g)) {
    const file = importOf(m[2]!);
    if (file) {
      named.set(m[1]!, file);
    }
  }
  const block = /const builtPages[^=]*= \{\n([\s\S]*?)\n\};/.exec(source)?.[1];
  if (!block) {
    throw new Error('route preloads: no builtPages in src/app/pages.ts');
  }
  const keys = [...block.matchAll(/^ {2}'(\/[^']*)':/gm)];
  const routes = new Map<string, string>();
  keys.forEach((key, i) => {
    const value = block.slice(key.index + key[0].length, keys[i + 1]?.index ?? block.length).trim();
    const file = importOf(value) ?? named.get(/^(\w+),?$/.exec(value)?.[1] ?? '');
    if (!file) {
      throw new Error(`route preloads: no screen file for ${key[1]} in src/app/pages.ts`);
    }
    routes.set(key[1]!, file);
  });
  return routes;
}

/**
 * What every screen needs, first load included, kept in one long-cached file instead of many
 * small ones (each small file compresses worse). Screen code, MUI components, zod and the
 * table code stay split by route. Vite's preload helper is here too: the entry needs it, and
 * anywhere else it would make the entry import (and evaluate at once) another file.
 */
const frameworkModules =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(react-query|query-core)|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|hoist-non-react-statics|react-is|clsx|prop-types)\/|^\0vite\/preload-helper/;

/** Loaded with the first answer or form that needs them, never with the first screen. */
const onDemand = /node_modules\/zod\/|packages\/domain\/src\/schemas\//;

/**
 * What the first screen of a visit needs beyond the framework, in two files instead of thirty
 * small ones: the app's start (`app/start.tsx`, which the entry loads once the framework is
 * evaluated: the frame, sign-in, router) and everything Home imports (what most visits open
 * first), with all they import statically. Over HTTP/1.1 a browser
 * asks for six files at a time, so each further wave of small files cost a round trip before
 * the first screen could draw. Screens' own modules stay files of their own (their routes load
 * them by name), and the schemas stay on demand. The packages among them (MUI's components and
 * what they import) are `shell-vendor`, with `app/shell-vendor.ts`, which the entry imports
 * first: the browser evaluates them in a task of their own, then the app's modules (`shell`)
 * in another; evaluating both was one long task. No package imports the app's modules, so
 * `shell-vendor` imports nothing from `shell`.
 */
function firstScreenChunks() {
  const root = (file: string) => path.resolve(import.meta.dirname, file);
  const homePage = root('src/pages/Home/HomePage.tsx');
  const vendorEntry = root('src/app/shell-vendor.ts');
  let shell: Set<string> | null = null;
  const shellOf = (ctx: Rolldown.ChunkingContext) => {
    if (shell === null) {
      shell = new Set();
      const pending = [root('src/app/start.tsx'), homePage];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (!shell.has(next) && !onDemand.test(next)) {
          shell.add(next);
          pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      shell.delete(homePage);
    }
    return shell;
  };
  const isPackage = (id: string) => id.includes('/node_modules/');
  return {
    // Captured first (a group captures what the modules it names import, too).
    vendor: (id: string, ctx: Rolldown.ChunkingContext) =>
      id === vendorEntry || (isPackage(id) && shellOf(ctx).has(id)) ? 'shell-vendor' : null,
    shell: (id: string, ctx: Rolldown.ChunkingContext) =>
      !isPackage(id) && shellOf(ctx).has(id) ? 'shell' : null,
  };
}

const firstScreen = firstScreenChunks();

export default defineConfig({
  plugins: [react(), lazyMuiDefaultTheme(), precompress(), routePreloads()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads which files each screen loads from the manifest.
    manifest: true,
    rolldownOptions: {
      // The precompression (highest brotli level, by choice) is most of a build's time; the
      // bundler's report of slow plugins would only say so on every build.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: frameworkModules, priority: 3 },
            { name: firstScreen.vendor, debugName: 'shell-vendor', priority: 2 },
            { name: firstScreen.shell, debugName: 'shell', priority: 1 },
          ],
        },
      },
    },
  },
});
