import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { environmentLook, routeEntryOf, type PublicConfig, type RouteEntry } from '@uap/domain';

/**
 * The SPA's index.html as the server sends it for the SPA's addresses, with two additions made
 * here because only the server knows them before any script runs:
 *
 * - the public configuration (what GET /api/config answers) in a JSON data block, so the SPA
 *   starts without a round trip;
 * - the pending screen (the top bar in the environment's colour, the opened screen's title,
 *   a spinner) inside #root, so the page is drawn as soon as the HTML arrives instead of after
 *   the scripts. React replaces it with the same screen when it first draws;
 * - a `<link rel="modulepreload">` for each file of the opened screen beyond the entry's (from
 *   the build's `.vite/route-preloads.json`), so they download while the HTML is parsed and the
 *   app's own preload of the screen finds them instead of appending its links in a long task.
 *
 * The markup mirrors the SPA's PendingScreen (packages/web/src/components/PendingScreen.tsx):
 * the same boxes, sizes and type, so the swap moves nothing.
 */

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** MUI's Toolbar heights: 56 px, 48 px on a phone held sideways, 64 px from 600 px wide. */
const pendingStyle = `<style id="uap-pending-style">
html{-webkit-font-smoothing:antialiased;box-sizing:border-box}
body{margin:0;background:#f4f6f9;color:rgba(0,0,0,.87);font-family:${fontFamily};font-size:1rem;line-height:1.5;letter-spacing:.00938em}
.uap-pending{min-height:100vh}
.uap-pending-bar{position:fixed;top:0;right:0;left:0;height:56px}
.uap-pending-main{padding:72px 16px 16px}
.uap-pending-title{margin:0 0 16px;font-family:${fontFamily};font-size:2rem;font-weight:600;line-height:1.167}
.uap-pending-spinner{display:flex;justify-content:center;align-items:center;padding:48px 0}
.uap-pending-spinner span{display:inline-block;width:40px;height:40px;color:#0d2c54;animation:uap-pending-turn 1.4s linear infinite}
.uap-pending-spinner svg{display:block}
.uap-pending-spinner circle{stroke:currentColor;stroke-dasharray:80px,200px;stroke-dashoffset:0}
@keyframes uap-pending-turn{100%{transform:rotate(360deg)}}
@media (min-width:0px) and (orientation:landscape){.uap-pending-bar{height:48px}.uap-pending-main{padding-top:64px}}
@media (min-width:600px){.uap-pending-bar{height:64px}.uap-pending-main{padding:88px 24px 24px}}
@media (min-width:700px){.uap-pending-content{padding-left:264px}}
</style>`;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

/** JSON that cannot end the script element it sits in (nor break a line in old parsers). */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The pending screen's markup for a title (none: an address outside the route table). */
export function pendingScreenHtml(title: string | null, headerColor: string): string {
  const heading =
    title === null ? '' : `<p class="uap-pending-title" aria-hidden="true">${escapeHtml(title)}</p>`;
  return (
    `<div class="uap-pending"><div class="uap-pending-bar" style="background-color:${escapeHtml(headerColor)}"></div>` +
    `<div class="uap-pending-content"><div class="uap-pending-main">${heading}` +
    '<div class="uap-pending-spinner"><span role="progressbar" aria-label="Loading">' +
    '<svg viewBox="22 22 44 44" aria-hidden="true"><circle cx="44" cy="44" r="20.2" fill="none" stroke-width="3.6"></circle></svg>' +
    '</span></div></div></div></div>'
  );
}

/** index.html with the configuration, the pending screen of `title` and the screen's preloads put in. */
export function renderIndexHtml(
  template: string,
  config: PublicConfig,
  title: string | null,
  preloads: readonly string[] = [],
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) {
    return template;
  }
  // The same attributes as the build's own links (crossorigin: a module script's request mode).
  const links = preloads
    .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
    .join('');
  const head = `${links}${pendingStyle}<script id="uap-config" type="application/json">${jsonForScript(config)}</script></head>`;
  const pending = pendingScreenHtml(title, environmentLook[config.env].headerColor);
  return template.replace('</head>', head).replace(root, `<div id="root">${pending}</div>`);
}

interface RenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Sends index.html for an SPA address. The file is read again when it changes (a rebuilt SPA
 * is served without a restart); each route's page is rendered and compressed once per build.
 */
export function createIndexPage(webDistDir: string, config: PublicConfig) {
  const file = path.join(webDistDir, 'index.html');
  const preloadsFile = path.join(webDistDir, '.vite', 'route-preloads.json');
  let built: { mtimeMs: number; pages: Map<string, Promise<RenderedPage>> } | null = null;

  /** The opened screen's files by route path; none from a build without the list. */
  const readPreloads = async (): Promise<Record<string, string[]>> => {
    try {
      return JSON.parse(await fs.readFile(preloadsFile, 'utf8')) as Record<string, string[]>;
    } catch {
      return {};
    }
  };

  const render = async (route: RouteEntry | null): Promise<RenderedPage> => {
    const [template, preloads] = await Promise.all([fs.readFile(file, 'utf8'), readPreloads()]);
    const title = route?.title ?? null;
    const html = Buffer.from(
      renderIndexHtml(template, config, title, route ? (preloads[route.path] ?? []) : []),
    );
    return {
      html,
      br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: zlib.gzipSync(html, { level: 9 }),
    };
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { mtimeMs } = await fs.stat(file);
    if (built?.mtimeMs !== mtimeMs) {
      built = { mtimeMs, pages: new Map() };
    }
    const pathname = request.url.split('?')[0]!;
    const route = routeEntryOf(pathname);
    const key = route?.path ?? '';
    let page = built.pages.get(key);
    if (!page) {
      page = render(route);
      built.pages.set(key, page);
      // A failed read is not kept: the next request tries again.
      page.catch(() => built?.pages.delete(key));
    }
    const { html, br, gzip } = await page;
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (/\bbr\b/.test(accepts)) {
      return reply.header('content-encoding', 'br').send(br);
    }
    if (/\bgzip\b/.test(accepts)) {
      return reply.header('content-encoding', 'gzip').send(gzip);
    }
    return reply.send(html);
  };
}
