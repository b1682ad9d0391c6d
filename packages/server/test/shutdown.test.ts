import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/connection.ts';
import { copyOfTemplate } from './harness.ts';
import { uniqueTag } from './factories.ts';
import { call, freePort, serverProcess, until } from './processes.ts';

/**
 * A real server process told to stop (SIGTERM) while a call is in flight: readiness turns 503
 * while it still serves, the call finishes and its write lands, the listener closes and the
 * process leaves with 0.
 */

const SECRET = 'shutdown-test-scim-secret-7d2a';
describe('stopping an instance', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>;
  let port: number;
  let server: ChildProcess;
  let output: () => string;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    copy = await copyOfTemplate();
    port = await freePort();
    ({ child: server, output } = serverProcess({
      PORT: String(port),
      DATABASE_URL: copy.url,
      SCIM_TOKEN: SECRET,
      JOBS_ENABLED: 'false',
      SQLITE_READ_WORKERS: '0',
      SHUTDOWN_DELAY_SECONDS: '1',
      SHUTDOWN_GRACE_SECONDS: '20',
    }));
    exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    await until(async () => (await call(port, 'GET', '/api/health/ready')).status === 200, 60_000);
  }, 90_000);

  afterAll(async () => {
    server.kill('SIGKILL');
    await copy.drop();
  });

  it('drains: unready at once, the call in flight lands, then it leaves with 0', async () => {
    const tag = uniqueTag();
    const body = JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `drain.${tag}@agency.example`,
      active: true,
      displayName: `Dana ${tag}`,
      emails: [{ primary: true, type: 'work', value: `drain.${tag}@agency.example` }],
      name: { givenName: 'Dana', familyName: tag },
    });
    // The call is in flight once its headers and half its body have arrived.
    const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/scim/v2/Users',
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${SECRET}`,
            'content-type': 'application/scim+json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 40));
      setTimeout(() => request.end(body.slice(40)), 2_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.kill('SIGTERM');

    // Within the delay: still listening, but not ready.
    const ready = await until(async () => {
      const res = await call(port, 'GET', '/api/health/ready');
      return res.status === 503 ? res : undefined;
    }, 900);
    expect(JSON.parse(ready.body)).toMatchObject({ succeeded: false, data: { draining: true } });

    // The call sent before the signal is answered, after the listener closed.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(call(port, 'GET', '/api/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await answered).toEqual({ status: 201, connection: 'close' });
    expect(await exited, output()).toBe(0);

    const db = openDb(copy.url);
    try {
      const row = await db.kysely
        .selectFrom('directoryUsers')
        .select('displayName')
        .where('mail', '=', `drain.${tag}@agency.example`)
        .executeTakeFirst();
      expect(row).toEqual({ displayName: `Dana ${tag}` });
    } finally {
      await db.kysely.destroy();
    }
  }, 60_000);
});
