/**
 * The server and sign-in the benches share: UAP started as `npm start` does (after the build) on
 * a fresh data directory and a free port, a signed-in session read back from the embedded
 * provider's page, and the directory entry a minted token speaks for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import type { Db } from '../packages/server/src/db/connection.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * node's arguments for the server as `npm start` gives them: the flags its script passes to
 * node (the young generation's size), then the server's entry; `extraFlags` go with the flags.
 */
export function serverNodeArgs(extraFlags: readonly string[] = []): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const start = /\bnode ((?:--[\w-]+(?:=\S+)? )*)--import tsx (\S+)/.exec(scripts.start ?? '');
  if (!start) {
    throw new Error('package.json: the start script does not run `node … --import tsx <entry>`');
  }
  return [...start[1]!.trim().split(' ').filter(Boolean), ...extraFlags, '--import', 'tsx', start[2]!];
}

/** A port nothing listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Starts the server as `npm start` does (after the build) and resolves once it listens. */
export async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    UAP_DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('UAP is running')) {
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      reject(new Error(`The server stopped (exit ${code}) before listening:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Signs in through the embedded provider's page; returns the session storage it leaves. */
export async function signIn(
  browser: Browser,
  baseUrl: string,
  account: string,
): Promise<Record<string, string>> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(baseUrl);
    await page.locator(`::-p-aria(Sign in as ${account})`).click();
    await page.waitForSelector('::-p-text(Welcome to the User Access Portal)');
    return await page.evaluate(() => ({ ...sessionStorage }));
  } finally {
    await context.close();
  }
}

/**
 * `account` with its directory entry's id (directoryUsers.directoryId, looked up by mail): the
 * subject a minted token carries, as the embedded provider's sign-in issues it.
 */
export async function withDirectoryId<T extends { mail: string }>(
  db: Db,
  account: T,
): Promise<T & { directoryId: string }> {
  const row = await db.kysely
    .selectFrom('directoryUsers')
    .select('directoryId')
    .where('mail', '=', account.mail.toLowerCase())
    .executeTakeFirst();
  if (!row) {
    throw new Error(`${account.mail} has no directory entry`);
  }
  return { ...account, directoryId: row.directoryId };
}
