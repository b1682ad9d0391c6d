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
    for (const url of ['/', '/AllRequest', '/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
    const plain = await ctx.app.inject({ method: 'GET', url: '/Approvals' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(indexHtml);
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
