import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, RequestType, Role, messages } from '@uap/domain';
import { loadSigningMaterial } from '../src/auth/keys.ts';
import { mintAccessToken } from '../src/auth/verify.ts';
import { loadConfig } from '../src/config.ts';
import { nowIso, openDb, type Db } from '../src/db/connection.ts';
import { copyOfTemplate, demo } from './harness.ts';
import { buildPath, buildUser, lineOnPath, uniqueTag, userIdOf } from './factories.ts';
import {
  call,
  freePort,
  haproxyCommand,
  mailServer,
  serverProcess,
  startCall,
  until,
  type Answer,
} from './processes.ts';

/**
 * Two server processes on one PostgreSQL database behind HAProxy (the Debian package, installed
 * by `npm test` like Chromium), everything on 127.0.0.1, with jobs and mail on both and a real
 * SMTP server, tried through the balancer as people and operators would: limits shared,
 * revocation, a job pressed on both at once, and a rolling restart under a steady stream of
 * reads and writes whose first stop lands in a bulk approval and whose second in a mail pass;
 * every mail sent once. The balancer names the instance that answered (X-Served-By) and lists
 * its sessions on its admin socket.
 */

const HAPROXY = '/usr/sbin/haproxy';
const SECRET = 'cluster-test-scim-secret-0b6e4f21c7d9';
/** API calls a minute per person, on both instances together. */
const API_LIMIT = 40;
/** Failed sign-ins (and wrong SCIM secrets) allowed per account and per address. */
const SIGN_IN_FAILURES = 3;
/** People the rolling restart's readers sign in as, so that none of them reaches API_LIMIT. */
const READERS = 150;
/** Lines of the bulk approval, each asked by a person of its own: as many mails. */
const BULK_LINES = 60;
const SERVERS = ['uap1', 'uap2'];

describe.runIf(process.env.TEST_PG_URL !== undefined)('two instances behind HAProxy', () => {
  let copy: Awaited<ReturnType<typeof copyOfTemplate>>;
  let db: Db;
  let balancer: number;
  let balancerProcess: ChildProcess;
  let adminSocket: string;
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  /** Outbox emails already sent before the instances started (any other is theirs to send). */
  let sentBefore: number[];
  const ports: number[] = [];
  const instances: (ChildProcess | null)[] = [null, null];
  /** What every server process (and the balancer) wrote, for a failure's message. */
  const outputs: (() => string)[] = [];
  let output = '';
  const publicUrl = () => `http://127.0.0.1:${balancer}`;
  const everything = () => outputs.map((o) => o()).join('') + output;
  let bulk: Awaited<ReturnType<typeof buildBulkApproval>>;
  let readers: Awaited<ReturnType<typeof buildPeople>>;

  /** Starts instance `index`; with `replaces`, as soon as that process (told to stop) has left. */
  function startInstance(index: number, replaces?: number): ChildProcess {
    const server = serverProcess(
      {
        PORT: String(ports[index]),
        PUBLIC_URL: publicUrl(),
        DATABASE_URL: copy.url,
        SCIM_TOKEN: SECRET,
        JOBS_ENABLED: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        OUTBOX_POLL_SECONDS: '1',
        ACTOR_CACHE_SECONDS: '60',
        TASK_COUNTS_CACHE_SECONDS: '0',
        RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT),
        RATE_LIMIT_SIGNIN_FAILURES: String(SIGN_IN_FAILURES),
        TRUST_PROXY: '127.0.0.1',
        // The test holds table locks for seconds to catch a call or a job in the middle.
        PG_LOCK_TIMEOUT_MS: '30000',
        // More than the balancer's checks need to see it unready (3 × 500 ms).
        SHUTDOWN_DELAY_SECONDS: '3',
        SHUTDOWN_GRACE_SECONDS: '20',
      },
      { replaces },
    );
    outputs.push(server.output);
    instances[index] = server.child;
    return server.child;
  }

  const isReady = async (port: number) => (await call(port, 'GET', '/api/health/ready')).status === 200;
  /** Which instance answered a call through the balancer (0 or 1). */
  const servedBy = (answer: Answer) => SERVERS.indexOf(String(answer.headers['x-served-by']));

  let signingMaterial: ReturnType<typeof loadSigningMaterial> | undefined;
  async function tokenFor(mail: string): Promise<string> {
    const config = loadConfig({ DATABASE_URL: copy.url, PUBLIC_URL: publicUrl() });
    signingMaterial ??= loadSigningMaterial(db);
    const account = await db.kysely
      .selectFrom('directoryUsers')
      .select(['mail', 'displayName', 'directoryId'])
      .where('mail', '=', mail)
      .executeTakeFirstOrThrow();
    return mintAccessToken(config, await signingMaterial, {
      mail: account.mail!,
      displayName: account.displayName,
      directoryId: account.directoryId,
    });
  }

  /** `count` people (directory entries and profiles, Standard Users), in one insert each. */
  async function buildPeople(count: number, kind: string) {
    const tag = uniqueTag();
    const people = Array.from({ length: count }, (_, i) => ({
      mail: `${kind}.${tag}.${i}@agency.example`,
      directoryId: `00000000-${kind}-${tag}-${i}`,
      lastName: `${kind} ${tag} ${i}`,
    }));
    await db.kysely
      .insertInto('directoryUsers')
      .values(
        people.map((p) => ({
          directoryId: p.directoryId,
          mail: p.mail,
          userPrincipalName: p.mail,
          displayName: `Test ${p.lastName}`,
          givenName: 'Test',
          surname: p.lastName,
          userType: 'Member',
          active: 1,
        })),
      )
      .execute();
    const rows = await db.kysely
      .insertInto('users')
      .values(
        people.map((p) => ({
          email: p.mail,
          name: 'Test',
          lastName: p.lastName,
          isInternal: 1,
          userType: 'Member',
          roleId: Role.STANDARD,
          directoryId: p.directoryId,
        })),
      )
      .returning(['userId', 'email'])
      .execute();
    return rows;
  }

  /** Submitted lines routed to the demo approver, each asked by a person for themself. */
  async function buildBulkApproval(count: number) {
    const approverId = await userIdOf(db.kysely, demo.approver);
    const path = await buildPath(db.kysely, { assignment: { primary: approverId } });
    const subjects = await buildPeople(count, 'subject');
    const now = nowIso();
    const lines = await db.kysely
      .insertInto('requests')
      .values(
        subjects.map((s) => ({
          submissionId: `bulk-${s.userId}`,
          requestTypeId: RequestType.ADD,
          statusId: RequestStatus.SUBMITTED,
          userId: s.userId,
          email: s.email,
          isInternal: 1,
          createdBy: s.userId,
          createdDate: now,
          ...lineOnPath(path),
          comments: 'Needed for the campaign',
          updatedDate: now,
        })),
      )
      .returning(['requestId', 'createdBy'])
      .execute();
    await db.kysely
      .insertInto('requestHistory')
      .values(
        lines.map((l) => ({
          requestId: l.requestId,
          statusId: RequestStatus.SUBMITTED,
          requestTypeId: RequestType.ADD,
          stepDescription: 'Submitted',
          createdBy: l.createdBy,
          createdDate: now,
          comments: 'Needed for the campaign',
        })),
      )
      .execute();
    return { approverId, ids: lines.map((l) => l.requestId), requesters: subjects };
  }

  /** The job or outbox lease `name`, and the process (pid) holding it, if any. */
  async function leaseHolder(name: string): Promise<number | null> {
    const lease = await db.kysely
      .selectFrom('jobLeases')
      .select('owner')
      .where('jobName', '=', name)
      .executeTakeFirst();
    // The owner is `host:pid:instance:run` (src/instance.ts).
    return lease ? Number(lease.owner.split(':')[1]) : null;
  }

  /** Outbox emails not sent yet. */
  async function pendingMails(): Promise<number> {
    const rows = await db.kysely
      .selectFrom('mailOutbox')
      .select('mailId')
      .where('channel', '=', 'email')
      .where('status', '=', 'PENDING')
      .execute();
    return rows.length;
  }

  /** A connection of the test's own holding `lock` (a LOCK TABLE statement) until `release`. */
  async function holdLock(lock: string) {
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    await client.query('begin');
    await client.query(lock);
    return {
      /** Whether a statement of another connection waits for a lock on `table`. */
      async isWaitedFor(table: string) {
        const { rows } = await client.query<{ waiting: string }>(
          `select count(*) as waiting from pg_locks l join pg_class c on c.oid = l.relation
           where c.relname = $1 and not l.granted`,
          [table],
        );
        return Number(rows[0]!.waiting) > 0;
      },
      async release() {
        await client.query('commit');
        await client.end();
      },
    };
  }

  /**
   * Restarts an instance as an orchestrator does: SIGTERM to the old process, and a new one that
   * starts once the old one has left. Answers the old one's exit code.
   */
  function restart(index: number): Promise<number | null> {
    const old = instances[index]!;
    const exited = new Promise<number | null>((resolve) => old.once('exit', (code) => resolve(code)));
    old.kill('SIGTERM');
    startInstance(index, old.pid);
    return exited;
  }

  async function untilServing(index: number) {
    await until(() => isReady(ports[index]!), 120_000);
    // The balancer's checks see it ready (rise 2 × 500 ms) before anything else happens.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }

  beforeAll(async () => {
    const started = Date.now();
    if (!fs.existsSync(HAPROXY)) {
      throw new Error(`HAProxy is missing at ${HAPROXY}: npm test installs it (apt-get install haproxy)`);
    }
    copy = await copyOfTemplate();
    db = openDb(copy.url);
    smtp = await mailServer();
    sentBefore = (
      await db.kysely.selectFrom('mailOutbox').select('mailId').where('status', '!=', 'PENDING').execute()
    ).map((row) => row.mailId);
    balancer = await freePort();
    ports.push(await freePort(), await freePort());
    startInstance(0);
    startInstance(1);
    // The data of the tests is made while the instances start.
    const built = Promise.all([buildBulkApproval(BULK_LINES), buildPeople(READERS, 'reader')]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-haproxy-'));
    adminSocket = path.join(dir, 'admin.sock');
    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 512',
        `  stats socket ${adminSocket} mode 600 level admin`,
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
        // Which instance answered, for the test (and for an operator reading a response).
        '  http-response set-header X-Served-By %s',
        `  server uap1 127.0.0.1:${ports[0]} check`,
        `  server uap2 127.0.0.1:${ports[1]} check`,
        '',
      ].join('\n'),
    );
    balancerProcess = spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancerProcess.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    [bulk, readers] = await built;
    await until(async () => (await isReady(ports[0]!)) && (await isReady(ports[1]!)), 120_000);
    // Both in the balancer's rotation.
    await until(async () => {
      const served = new Set<number>();
      for (let i = 0; i < 4; i += 1) {
        served.add(servedBy(await call(balancer, 'GET', '/api/health/ready')));
      }
      return served.has(0) && served.has(1);
    }, 10_000);
    console.info(`cluster: both instances serving after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);

  afterAll(async () => {
    for (const child of [...instances, balancerProcess]) {
      child?.kill('SIGKILL');
    }
    await db?.kysely.destroy();
    await smtp?.close();
    await copy?.drop();
  });

  it("counts a person's API calls on both instances against one allowance", async () => {
    const person = await buildUser(db.kysely);
    const auth = { authorization: `Bearer ${await tokenFor(person.email)}` };
    const answers: Answer[] = [];
    // Six callers at once, API_LIMIT + 10 calls in all, each landing on the next instance.
    let calls = 0;
    const caller = async () => {
      while (calls < API_LIMIT + 10) {
        calls += 1;
        answers.push(await call(balancer, 'GET', '/api/Request/TaskCounts', auth));
      }
    };
    await Promise.all(Array.from({ length: 6 }, caller));
    const allowedBy = [0, 1].map((s) => answers.filter((a) => a.status === 200 && servedBy(a) === s).length);
    const refusedBy = [0, 1].map((s) => answers.filter((a) => a.status === 429 && servedBy(a) === s).length);
    console.info(
      `cluster: API limit ${API_LIMIT}: allowed ${allowedBy.join(' + ')}, refused ${refusedBy.join(' + ')}`,
    );
    expect(allowedBy[0]! + allowedBy[1]!).toBe(API_LIMIT);
    expect(refusedBy[0]! + refusedBy[1]!).toBe(10);
    // Each instance let through about half, and each refused once the other had used the rest.
    expect(Math.min(...allowedBy)).toBeGreaterThanOrEqual(API_LIMIT / 2 - 6);
    expect(Math.min(...refusedBy)).toBeGreaterThan(0);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toBe(
      messages.tooManyRequests(Number(refused.headers['retry-after'])),
    );
  });

  it('locks out a client guessing the SCIM secret, and an account guessed at sign-in, on both instances', async () => {
    // The client's address as the balancer forwards it: the test runs on the trusted 127.0.0.1,
    // so the address it names stands for a client elsewhere.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const scim = (secret: string, address: string) =>
      call(balancer, 'GET', '/scim/v2/Users?count=1', {
        authorization: `Bearer ${secret}`,
        ...from(address),
      });
    const guesses: Answer[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES; i += 1) {
      guesses.push(await scim(`wrong-${i}`, '198.51.100.40'));
    }
    expect(guesses.map((a) => a.status)).toEqual(Array(SIGN_IN_FAILURES).fill(401));
    expect(new Set(guesses.map(servedBy))).toEqual(new Set([0, 1]));
    // The right secret, from that address, on each instance: refused; from another, served.
    for (let i = 0; i < 2; i += 1) {
      const refused = await scim(SECRET, '198.51.100.40');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await scim(SECRET, '198.51.100.41')).status).toBe(200);

    // The embedded sign-in: an account nobody has, tried from a new address each time.
    const ghost = `ghost.${uniqueTag()}@agency.example`;
    const signIn = async (email: string, address: string) => {
      const started = await call(
        balancer,
        'GET',
        `/oidc/auth?${new URLSearchParams({
          client_id: 'uap-web',
          redirect_uri: `${publicUrl()}/signin-callback`,
          response_type: 'code',
          scope: 'openid',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }).toString()}`,
        from(address),
      );
      expect(started.status, started.body).toBe(303);
      const uid = /\/signin\/([^/?]+)/.exec(String(started.headers.location))![1]!;
      const cookie = (started.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const answer = await call(
        balancer,
        'POST',
        `/signin/${uid}`,
        { cookie, 'content-type': 'application/x-www-form-urlencoded', ...from(address) },
        new URLSearchParams({ email }).toString(),
      );
      // One more call, so that the next sign-in's answer comes from the other instance.
      await call(balancer, 'GET', '/api/health/live');
      return answer;
    };
    const failures: Answer[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES; i += 1) {
      failures.push(await signIn(ghost, `198.51.100.${50 + i}`));
    }
    expect(failures.map((a) => a.status)).toEqual(Array(SIGN_IN_FAILURES).fill(400));
    expect(failures.map((a) => a.body).join(''), everything()).toContain('No active account with that email');
    expect(new Set(failures.map(servedBy))).toEqual(new Set([0, 1]));
    const locked = [await signIn(ghost, '198.51.100.60'), await signIn(ghost, '198.51.100.61')];
    expect(locked.map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(locked.map(servedBy))).toEqual(new Set([0, 1]));
    expect(locked[0]!.body).toContain(messages.tooManySignIns(15));
    // A real account from a fresh address still signs in (a redirect back to the app).
    expect((await signIn(demo.standard, '198.51.100.62')).status).toBe(303);
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

  it('runs a job once when administrators press Run now on both instances at the same moment', async () => {
    const job = 'user-role-validation';
    const auth = { authorization: `Bearer ${await tokenFor(demo.superAdmin)}` };
    const before = await db.kysely.selectFrom('jobRuns').select('id').where('jobName', '=', job).execute();
    // The first run to start is held at its first write, so the others find it under way.
    const lock = await holdLock('lock table job_runs in share mode');
    let answered = 0;
    const presses = Array.from({ length: 6 }, () =>
      call(balancer, 'POST', `/api/Jobs/${job}/run`, auth).finally(() => (answered += 1)),
    );
    try {
      // One run is under way, held; the five other presses are answered meanwhile.
      await until(async () => answered === 5 && (await lock.isWaitedFor('job_runs')), 30_000);
    } finally {
      await lock.release();
    }
    const answers = await Promise.all(presses);
    console.info(
      `cluster: Run now ×6: ${answers.map((a) => `${a.status} by ${SERVERS[servedBy(a)]}`).join(', ')}`,
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(5);
    expect(new Set(conflicts.map(servedBy))).toEqual(new Set([0, 1]));
    expect(JSON.parse(conflicts[0]!.body).message).toBe(
      messages.jobAlreadyRunning('UAP User Role Validation'),
    );
    const runs = await db.kysely
      .selectFrom('jobRuns')
      .select(['id', 'status'])
      .where('jobName', '=', job)
      .where('id', 'not in', [...before.map((r) => r.id), -1])
      .execute();
    expect(runs.map((r) => r.status)).toEqual(['COMPLETED']);
  });

  it('restarts both instances in turn under reads and writes, the first in a bulk approval, the second in a mail pass', async () => {
    const started = Date.now();
    const steps: string[] = [];
    const step = (name: string) => steps.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const approverAuth = { authorization: `Bearer ${await tokenFor(demo.approver)}` };
    const readerTokens = await Promise.all(readers.map((r) => tokenFor(r.email)));
    const tag = uniqueTag();
    const failures: string[] = [];
    const created: string[] = [];
    let reads = 0;
    let isRunning = true;
    const client = async (index: number) => {
      for (let n = 0; isRunning; n += 1) {
        // A steady stream that leaves the machine room to start the new instances.
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (index % 2 === 0) {
          // Spread over many people: none of them reaches the API limit.
          const token = readerTokens[(n * 5 + index / 2) % READERS]!;
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
    const clients = Array.from({ length: 20 }, (_, index) => client(index));
    // A slow mail server: a pass over the outbox takes 1.5 s a mail, longer than a restart.
    smtp.delayMs = 1_500;

    // 1. The approver approves every line at once; the approval is held at its notifications,
    //    after it moved the lines and wrote their history, by a lock of the test's own.
    const lock = await holdLock('lock table notifications in share mode');
    const approval = startCall(
      balancer,
      'PATCH',
      '/api/Approvers/ApproveRejectRequest',
      { ...approverAuth, 'content-type': 'application/json' },
      JSON.stringify({ isApproved: true, comments: 'Approved for the campaign', requestIds: bulk.ids }),
    );
    const clientPort = await approval.localPort;
    await until(() => lock.isWaitedFor('notifications'), 30_000);
    step('approval held');
    // The balancer's session of that call names the instance serving it.
    const sessions = await haproxyCommand(adminSocket, 'show sess');
    const session = sessions.split('\n').find((line) => line.includes(`src=127.0.0.1:${clientPort} `));
    const first = SERVERS.indexOf(/ srv=(\S+)/.exec(session ?? '')?.[1] ?? '');
    expect(first, sessions).toBeGreaterThanOrEqual(0);
    const second = 1 - first;
    const linesIn = async (statusId: number) =>
      (
        await db.kysely
          .selectFrom('requests')
          .select('requestId')
          .where('requestId', 'in', bulk.ids)
          .where('statusId', '=', statusId)
          .execute()
      ).length;
    // Nothing of it shows outside its transaction yet.
    expect(await linesIn(RequestStatus.SUBMITTED)).toBe(BULK_LINES);
    const firstExited = restart(first);
    // Past the drain's delay: the listener is closed while the approval is still under way.
    await until(
      () =>
        call(ports[first]!, 'GET', '/api/health/live').then(
          () => false,
          () => true,
        ),
      30_000,
    );
    step('listener closed');
    await lock.release();
    const approved = await approval.answer;
    expect(approved.status, approved.body).toBe(200);
    expect(JSON.parse(approved.body).message).toBe(messages.requestApproved);
    expect(await firstExited, everything()).toBe(0);
    step('first left');
    // All of it landed: every line approved, one history row each, everyone told.
    expect(await linesIn(RequestStatus.APPROVED)).toBe(BULK_LINES);
    const history = await db.kysely
      .selectFrom('requestHistory')
      .select('requestId')
      .where('requestId', 'in', bulk.ids)
      .where('statusId', '=', RequestStatus.APPROVED)
      .where('createdBy', '=', bulk.approverId)
      .execute();
    expect(history).toHaveLength(BULK_LINES);
    const everyRequester = bulk.requesters.map((r) => r.userId).sort((a, b) => a - b);
    const bells = await db.kysely
      .selectFrom('notifications')
      .select('userId')
      .where('requestId', 'in', bulk.ids)
      .where('event', '=', 'approved')
      .execute();
    expect(bells.map((b) => b.userId).sort((a, b) => a - b)).toEqual(everyRequester);
    const mails = await db.kysely
      .selectFrom('mailOutbox')
      .select('recipientUserId')
      .where('event', '=', 'approved')
      .where('channel', '=', 'email')
      .execute();
    expect(mails.map((m) => m.recipientUserId!).sort((a, b) => a - b)).toEqual(everyRequester);
    await untilServing(first);
    step('first back');

    // 2. The other instance, stopped while it holds the outbox's lease in a pass: it ends the
    //    pass at the mail under way and gives the lease up.
    const holder = instances[second]!.pid!;
    await until(async () => (await leaseHolder('notification-outbox')) === holder, 30_000);
    step('lease held');
    const secondExited = restart(second);
    expect(await secondExited, everything()).toBe(0);
    step('second left');
    expect(await leaseHolder('notification-outbox')).not.toBe(holder);
    const sentWhenItLeft = smtp.received.length;
    const pendingWhenItLeft = await pendingMails();
    smtp.delayMs = 0;
    // The first instance takes the outbox over at once, not when the lease would have ended.
    await until(async () => smtp.received.length > sentWhenItLeft || pendingWhenItLeft === 0, 30_000);
    await untilServing(second);
    step('second back');
    isRunning = false;
    await Promise.all(clients);

    console.info(
      `cluster: rolling restart: ${reads} reads, ${created.length} writes, ${failures.length} failed; ` +
        `bulk approval of ${BULK_LINES} lines on ${SERVERS[first]} finished in its drain; ` +
        `${SERVERS[second]} left the outbox with ${sentWhenItLeft} mails sent, ${pendingWhenItLeft} pending; ` +
        steps.join(', '),
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

  it('has sent every mail exactly once across the instances and their restarts', async () => {
    await until(async () => (await pendingMails()) === 0, 60_000);
    const sent = await db.kysely
      .selectFrom('mailOutbox')
      .select(['recipient', 'attempts'])
      .where('channel', '=', 'email')
      .where('mailId', 'not in', [...sentBefore, -1])
      .execute();
    const tally = (addresses: string[]) => {
      const counts = new Map<string, number>();
      for (const a of addresses) {
        counts.set(a.toLowerCase(), (counts.get(a.toLowerCase()) ?? 0) + 1);
      }
      return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
    };
    console.info(`cluster: ${sent.length} mails in the outbox, ${smtp.received.length} received`);
    expect(smtp.received).toHaveLength(sent.length);
    expect(tally(smtp.received.map((m) => m.to[0]!))).toEqual(tally(sent.map((m) => m.recipient)));
    expect(sent.every((m) => m.attempts === 1)).toBe(true);
  });
});
