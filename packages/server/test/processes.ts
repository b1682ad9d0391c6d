import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openConfiguredDb } from '../src/db/connection.ts';

/** What the tests of several instances share: ports, plain HTTP calls, server processes. */

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const warmStart = fileURLToPath(new URL('./warm-start.ts', import.meta.url));

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
  return startCall(port, method, urlPath, headers, body).answer;
}

/**
 * A call as `call` makes it, also telling the local port its connection left from once it is
 * connected (how a balancer's session list names the client).
 */
export function startCall(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): { localPort: Promise<number>; answer: Promise<Answer> } {
  let connected: (port: number) => void = () => undefined;
  const localPort = new Promise<number>((resolve) => (connected = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method, agent: false, headers },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    request.on('socket', (socket) => socket.once('connect', () => connected(socket.localPort!)));
    request.on('error', reject);
    request.end(body);
  });
  return { localPort, answer };
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

/**
 * A server process started as `npm start` starts it, with `env` on top of this one's; `output()`
 * holds what it wrote. With `replaces` (the pid of an instance told to stop), it loads its code
 * at once but starts only once that process has left (`warm-start.ts`).
 */
export function serverProcess(
  env: Record<string, string>,
  { replaces }: { replaces?: number } = {},
): { child: ChildProcess; output: () => string } {
  let output = '';
  const warm = replaces === undefined ? [] : ['--import', warmStart];
  const child = spawn(process.execPath, ['--import', 'tsx', ...warm, main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
      ...(replaces === undefined ? {} : { UAP_TEST_REPLACES_PID: String(replaces) }),
    },
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

/** Sends one command to HAProxy's admin socket (`stats socket` in its config) and answers its reply. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = net.connect(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

/** A message the mail server accepted. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (on `listenOn`, else a free port) that keeps every message it
 * accepts. `delayMs` (changeable while it runs) is how long it takes to answer each message, as a
 * slow mail server would.
 */
export async function mailServer(listenOn = 0): Promise<{
  port: number;
  received: ReceivedMail[];
  delayMs: number;
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const state = { delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
            raw,
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    received,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
