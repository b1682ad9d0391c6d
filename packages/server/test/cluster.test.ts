import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningMaterial } from '../src/auth/keys.ts';
import { mintAccessToken } from '../src/auth/verify.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/db/connection.ts';
import { copyOfTemplate, demo } from './harness.ts';
import { uniqueTag } from './factories.ts';
import { call, freePort, serverProcess, until } from './processes.ts';

/**
 * Two server processes on one PostgreSQL database behind HAProxy (the Debian package, installed
 * by `npm test` like Chromium), everything on 127.0.0.1, tried through the balancer as people
 * would use it: revocation, and a rolling restart under a steady stream of reads and writes.
 */

const HAPROXY = '/usr/sbin/haproxy';
const SECRET = 'cluster-test-scim-secret-0b6e4f21c7d9';
describe.runIf(process.env.TEST_PG_URL !== undefined)('two instances behind HAProxy', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>;
  let db: Db;
  let balancer: number;
  let balancerProcess: ChildProcess;
  const ports: number[] = [];
  const instances: (ChildProcess | null)[] = [null, null];
  const outputs: (() => string)[] = [];
  let output = '';
  const publicUrl = () => `http://127.0.0.1:${balancer}`;

  function startInstance(index: number): ChildProcess {
    const server = serverProcess({
      PORT: String(ports[index]),
      PUBLIC_URL: publicUrl(),
      DATABASE_URL: copy.url,
      SCIM_TOKEN: SECRET,
      JOBS_ENABLED: 'false',
      ACTOR_CACHE_SECONDS: '60',
      TASK_COUNTS_CACHE_SECONDS: '0',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      TRUST_PROXY: '127.0.0.1',
      // More than the balancer's checks need to see it unready (3 × 500 ms).
      SHUTDOWN_DELAY_SECONDS: '3',
      SHUTDOWN_GRACE_SECONDS: '20',
    });
    outputs[index] = server.output;
    instances[index] = server.child;
    return server.child;
  }

  const isReady = async (port: number) => (await call(port, 'GET', '/api/health/ready')).status === 200;

  async function tokenFor(mail: string): Promise<string> {
    const config = loadConfig({ DATABASE_URL: copy.url, PUBLIC_URL: publicUrl() });
    const account = await db.kysely
      .selectFrom('directoryUsers')
      .select(['mail', 'displayName', 'directoryId'])
      .where('mail', '=', mail)
      .executeTakeFirstOrThrow();
    return mintAccessToken(config, await loadSigningMaterial(db), {
      mail: account.mail!,
      displayName: account.displayName,
      directoryId: account.directoryId,
    });
  }

  beforeAll(async () => {
    if (!fs.existsSync(HAPROXY)) {
      throw new Error(`HAProxy is missing at ${HAPROXY}: npm test installs it (apt-get install haproxy)`);
    }
    copy = await copyOfTemplate();
    db = openDb(copy.url);
    balancer = await freePort();
    ports.push(await freePort(), await freePort());
    startInstance(0);
    startInstance(1);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-haproxy-'));
    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 512',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  option forwardfor',
        '  option http-server-close',
        '  retries 1',
        '  option redispatch',
        '  retry-on conn-failure empty-response',
        'frontend uap',
        `  bind 127.0.0.1:${balancer}`,
        '  default_backend instances',
        'backend instances',
        '  balance roundrobin',
        '  option httpchk GET /api/health/ready',
        '  http-check expect status 200',
        '  timeout check 2s',
        '  default-server inter 500ms fall 3 rise 2',
        `  server uap1 127.0.0.1:${ports[0]} check`,
        `  server uap2 127.0.0.1:${ports[1]} check`,
        '',
      ].join('\n'),
    );
    balancerProcess = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancerProcess.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(async () => (await isReady(ports[0]!)) && (await isReady(ports[1]!)), 120_000);
    await until(async () => (await call(balancer, 'GET', '/api/health/ready')).status === 200, 10_000);
  }, 180_000);

  afterAll(async () => {
    for (const child of [...instances, balancerProcess]) {
      child?.kill('SIGKILL');
    }
    await db?.kysely.destroy();
    await copy?.drop();
  });

  it('refuses a person the directory turned off, on every instance, within a second', async () => {
    const token = await tokenFor(demo.standard);
    const auth = { authorization: `Bearer ${token}` };
    // Round robin: these reach both instances, which now keep the profile for a minute.
    for (let i = 0; i < 4; i += 1) {
      expect((await call(balancer, 'GET', '/api/Request/TaskCounts', auth)).status).toBe(200);
    }
    const { directoryId } = await db.kysely
      .selectFrom('directoryUsers')
      .select('directoryId')
      .where('mail', '=', demo.standard)
      .executeTakeFirstOrThrow();
    const off = await call(
      balancer,
      'PATCH',
      `/scim/v2/Users/${directoryId}`,
      { authorization: `Bearer ${SECRET}`, 'content-type': 'application/scim+json' },
      JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    );
    expect(off.status, off.body).toBe(200);
    const sent = Date.now();
    // Refused twice in a row: once by each instance.
    let refusedInARow = 0;
    while (refusedInARow < 2 && Date.now() - sent < 3_000) {
      const { status } = await call(balancer, 'GET', '/api/Request/TaskCounts', auth);
      refusedInARow = status === 401 ? refusedInARow + 1 : 0;
    }
    const refusedAfterMs = Date.now() - sent;
    console.info(
      `cluster: refused by both instances ${refusedAfterMs} ms after the directory turned them off`,
    );
    expect(refusedInARow).toBe(2);
    expect(refusedAfterMs).toBeLessThan(1_000);
  });

  it('restarts both instances one after the other under reads and writes: no failed call, no lost write', async () => {
    const token = await tokenFor(demo.approver);
    const tag = uniqueTag();
    const failures: string[] = [];
    const created: string[] = [];
    let reads = 0;
    let isRunning = true;
    const client = async (index: number) => {
      for (let n = 0; isRunning; n += 1) {
        if (index % 2 === 0) {
          const res = await call(balancer, 'GET', '/api/Request/TaskCounts', {
            authorization: `Bearer ${token}`,
          }).catch((error: Error) => ({ status: 0, body: error.message }));
          if (res.status === 200) {
            reads += 1;
          } else {
            failures.push(`read ${res.status} ${res.body.slice(0, 120)}`);
          }
        } else {
          const mail = `roll.${tag}.${index}.${n}@agency.example`;
          const res = await call(
            balancer,
            'POST',
            '/scim/v2/Users',
            { authorization: `Bearer ${SECRET}`, 'content-type': 'application/scim+json' },
            JSON.stringify({
              schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
              userName: mail,
              active: true,
              displayName: `Roll ${n}`,
              emails: [{ primary: true, type: 'work', value: mail }],
              name: { givenName: 'Roll', familyName: `${tag}${index}${n}` },
            }),
          ).catch((error: Error) => ({ status: 0, body: error.message }));
          if (res.status === 201) {
            created.push(mail);
          } else {
            failures.push(`write ${res.status} ${res.body.slice(0, 120)}`);
          }
        }
      }
    };
    const clients = Array.from({ length: 10 }, (_, index) => client(index));

    for (const index of [0, 1]) {
      const old = instances[index]!;
      const exited = new Promise<number | null>((resolve) => old.once('exit', (code) => resolve(code)));
      old.kill('SIGTERM');
      expect(await exited, outputs.map((o) => o()).join('') + output).toBe(0);
      startInstance(index);
      await until(() => isReady(ports[index]!), 120_000);
      // The balancer's checks see it ready before the next one stops.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    isRunning = false;
    await Promise.all(clients);

    console.info(
      `cluster: rolling restart: ${reads} reads, ${created.length} writes, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(50);
    expect(created.length).toBeGreaterThan(20);
    const stored = await db.kysely
      .selectFrom('directoryUsers')
      .select('mail')
      .where('mail', 'like', `roll.${tag}.%`)
      .execute();
    expect(stored.map((row) => row.mail).sort()).toEqual([...created].sort());
  }, 300_000);
});
