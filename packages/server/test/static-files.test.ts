import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

// A built SPA as the web build leaves it: each file with a .br and a .gz beside it.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const indexHtml =
  '<!doctype html><html><head><title>UAP</title></head><body><div id="root"></div></body></html>';
const hashedAsset = '/assets/index-AbC123xy.js';

function writeWithCompressed(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

let ctx: TestContext;
let distDir: string;
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-dist-'));
  writeWithCompressed(path.join(distDir, 'index.html'), indexHtml);
  writeWithCompressed(path.join(distDir, hashedAsset), script);
  // What the web build writes: each route's screen files beyond the entry's.
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(
    path.join(distDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/AllRequest/:filtercolumn/:filtervalue': [
        '/assets/RequestTrackerPage-Ab12.js',
        '/assets/DataTable-Cd34.js',
      ],
      '/': ['/assets/HomePage-Ef56.js', '"><script>alert(1)</script>'],
    }),
  );
  ctx = await createTestContext({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const immutable = 'public, max-age=31536000, immutable';

describe('the built SPA', () => {
  it('sends a hashed asset as brotli to a client that accepts it, cached for good', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: hashedAsset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: hashedAsset,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(immutable);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: hashedAsset,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.payload).toBe(script);

    const noHeader = await ctx.app.inject({ method: 'GET', url: hashedAsset });
    expect(noHeader.headers['content-encoding']).toBeUndefined();
    expect(noHeader.payload).toBe(script);
  });

  it('sends index.html compressed and never cached without a check, for / and client-side routes', async () => {
    for (const url of ['/', '/AllRequest', '/AllRequest/status/Submitted?page=2', '/no-such-screen']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toMatch(
        /^<!doctype html><html><head>/,
      );
    }
    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/Approvals',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/Approvals' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.payload);
    // The file itself is sent as it was built.
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(file.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(file.rawPayload).toString()).toBe(indexHtml);
  });

  it("puts the public configuration and the opened screen's pending draw in index.html", async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json<{ data: unknown }>()
      .data;
    const html = (await ctx.app.inject({ method: 'GET', url: '/allrequest/status/Submitted' })).payload;
    const block = /<script id="uap-config" type="application\/json">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(config);
    // The local environment's purple bar, the route table's title (hidden: the spinner speaks).
    expect(html).toContain('<div class="uap-pending-bar" style="background-color:#4a148c">');
    expect(html).toContain('<p class="uap-pending-title" aria-hidden="true">Request Tracker</p>');
    expect(html).toContain('<span role="progressbar" aria-label="Loading">');
    expect(html).toContain('<title>UAP</title>');

    const home = (await ctx.app.inject({ method: 'GET', url: '/' })).payload;
    expect(home).toContain('<p class="uap-pending-title" aria-hidden="true">Home</p>');
    // An address outside the route table: the frame and the spinner, no title.
    const unknown = (await ctx.app.inject({ method: 'GET', url: '/no-such-screen' })).payload;
    expect(unknown).toContain('<span role="progressbar" aria-label="Loading">');
    expect(unknown).not.toContain('uap-pending-title"');
  });

  it("links the opened screen's files for preloading, from the build's list", async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/AllRequest/status/Submitted' })).payload;
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/RequestTrackerPage-Ab12.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/DataTable-Cd34.js">',
    );
    expect(html).not.toContain('HomePage');
    // Only asset paths are written.
    const home = (await ctx.app.inject({ method: 'GET', url: '/' })).payload;
    expect(home.match(/rel="modulepreload"/g)).toHaveLength(1);
    expect(home).not.toContain('alert');
    // A route outside the list (or the tracker without filters): nothing to preload.
    const tracker = (await ctx.app.inject({ method: 'GET', url: '/AllRequest' })).payload;
    expect(tracker).not.toContain('modulepreload');
  });

  it('sends a rebuilt index.html without a restart', async () => {
    const file = path.join(distDir, 'index.html');
    const rebuilt = indexHtml.replace('<title>UAP</title>', '<title>UAP rebuilt</title>');
    fs.writeFileSync(file, rebuilt);
    // A later modification time than the first build's, whatever the file system's precision.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    try {
      const html = (await ctx.app.inject({ method: 'GET', url: '/AllRequest' })).payload;
      expect(html).toContain('<title>UAP rebuilt</title>');
      expect(html).toContain('Request Tracker</p>');
    } finally {
      fs.writeFileSync(file, indexHtml);
      const again = new Date(Date.now() + 10_000);
      fs.utimesSync(file, again, again);
    }
  });

  it('answers a missing asset with a 404, not the SPA', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/gone-Zz999.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(404);
  });
});
