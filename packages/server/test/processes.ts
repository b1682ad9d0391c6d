import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openConfiguredDb } from '../src/db/connection.ts';

/** What the tests of several instances share: ports, plain HTTP calls, server processes. */

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One call on a connection of its own (no keep-alive), as a client behind a balancer makes it. */
export function call(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method, agent: false, headers },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Asks `probe` every 100 ms until it answers something (not undefined or false); a failed ask counts as none. */
export async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A server process started as `npm start` starts it, with `env` on top of this one's; `output()` holds what it wrote. */
export function serverProcess(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** A second instance, in this process, on the same database and settings as a test context's app. */
export async function secondInstance(
  config: Config,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const db = openConfiguredDb(config);
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.kysely.destroy();
    },
  };
}
