import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { RequestStatus, Role, type AuditSigningKey } from '@uap/domain';
import { buildApp } from '../src/app.ts';
import { CSV_TRAILER, PDF_TRAILER, splitSignedFile } from '../src/modules/audit/export-trailer.ts';
import { checkExport } from '../src/modules/audit/verify-export.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser } from './factories.ts';

/**
 * Signed exports (issue 47): every CSV export and the streamed PDFs end with a JWS over their
 * SHA-256 and the audit chain head they were read at; GET api/Audit/Key publishes the key;
 * `npm run verify-export` checks a file offline.
 */
let ctx: TestContext;
let token: string;
let key: AuditSigningKey;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uap-signed-'));

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildUser(ctx.db.kysely, { roleId: Role.SUPERADMIN });
  token = await ctx.tokenFor(admin.email);
  const subject = await buildUser(ctx.db.kysely);
  await buildRequest(ctx.db.kysely, { path: await buildPath(ctx.db.kysely, {}), user: subject });
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/Audit/Key',
    headers: { authorization: `Bearer ${await ctx.tokenFor(subject.email)}` },
  });
  expect(res.statusCode).toBe(200);
  key = res.json<{ data: AuditSigningKey }>().data;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const trackerCsv = async () => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/Request/AllRequests/Export',
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const head = async () =>
  ctx.db.kysely.selectFrom('auditChainHead').select(['seq', 'chainHash']).executeTakeFirstOrThrow();

describe('signed exports', () => {
  it('a CSV export ends with a signature over its bytes and the chain head; the file checks out', async () => {
    const file = await trackerCsv();
    const text = file.toString('utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-1)!.startsWith(CSV_TRAILER)).toBe(true);
    expect(lines[0]).toContain('Request ID');
    const result = await checkExport(file, key.pem, ctx.db.kysely);
    expect(result.ok).toBe(true);
    const now = await head();
    expect(result.payload).toMatchObject({
      typ: 'uap-export',
      file: 'request-tracker.csv',
      head: { seq: Number(now.seq), hash: Buffer.from(now.chainHash).toString('hex') },
    });
  });

  it('a byte changed, another key, or the history rewritten since: the check fails and says which', async () => {
    const file = await trackerCsv();
    const signed = splitSignedFile(file)!;
    const changed = Buffer.from(file);
    const at = Math.floor(signed.content.length / 2);
    changed[at] = changed[at]! ^ 1;
    const altered = await checkExport(changed, key.pem, null);
    expect(altered.ok).toBe(false);
    expect(altered.lines.at(-1)).toMatch(/^FAILED: the file's content was changed/);

    const { publicKey } = (await import('node:crypto')).generateKeyPairSync('ed25519');
    const other = await checkExport(file, publicKey.export({ type: 'spki', format: 'pem' }).toString(), null);
    expect(other.ok).toBe(false);
    expect(other.lines.at(-1)).toMatch(/^FAILED: the signature does not verify/);

    expect((await checkExport(Buffer.from('Request ID\n1\n'), key.pem, null)).lines).toEqual([
      'FAILED: the file has no UAP signature line at its end',
    ]);

    const { seq } = await head();
    await sql`update audit_chain set chain_hash = ${Buffer.alloc(32, 7)} where seq = ${seq}`.execute(
      ctx.db.kysely,
    );
    const rewritten = await checkExport(file, key.pem, ctx.db.kysely);
    expect(rewritten.ok).toBe(false);
    expect(rewritten.lines.at(-1)).toBe(
      `FAILED: the chain's entry ${Number(seq)} now has link ${'07'.repeat(32)}: the history was rewritten`,
    );
  });

  it('the audit PDF is signed after its %%EOF and stays a PDF', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/Request/RequestDetailbyDate/2000-01-01/2099-12-31',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const file = res.rawPayload;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const signed = splitSignedFile(file)!;
    expect(file.subarray(signed.content.length).toString().startsWith(PDF_TRAILER)).toBe(true);
    expect(signed.content.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(file.length - file.lastIndexOf('%%EOF')).toBeLessThan(1024); // readers look for it there
    const result = await checkExport(file, key.pem, null);
    expect(result.ok).toBe(true);
  });

  it('an activity log PDF names the history rows it lists; one changed since is found', async () => {
    const subject = await buildUser(ctx.db.kysely);
    const line = await buildRequest(ctx.db.kysely, {
      path: await buildPath(ctx.db.kysely, {}),
      user: subject,
      statusId: RequestStatus.COMPLETED,
    });
    const steps = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select('id')
      .where('requestId', '=', line.requestId)
      .orderBy('id')
      .execute();
    expect(steps.length).toBeGreaterThanOrEqual(3);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/Request/Logs/${line.requestId}/Pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const whole = await checkExport(res.rawPayload, key.pem, ctx.db.kysely);
    expect(whole.ok).toBe(true);
    expect(whole.payload!.rows!.map((r) => [r.table, r.id])).toEqual(
      steps.map((s) => ['request_history', s.id]),
    );
    expect(whole.lines.at(-1)).toBe(
      `rows: the ${steps.length} history rows the file lists are what the chain holds`,
    );

    const edited = steps[1]!.id;
    await sql`update request_history set comments = 'later' where id = ${edited}`.execute(ctx.db.kysely);
    const after = await checkExport(res.rawPayload, key.pem, ctx.db.kysely);
    expect(after.ok).toBe(false);
    expect(after.lines.at(-1)).toBe(
      `FAILED: request_history row ${edited}, listed in the file, is no longer what the chain held`,
    );
  });

  it('every instance on one database signs with the same key', async () => {
    const second = await buildApp({ config: ctx.config, db: ctx.db });
    try {
      expect(second.exportSigner.publicKey).toEqual(key);
    } finally {
      await second.close();
    }
  });
});

describe('npm run verify-export', () => {
  const cli = path.join(import.meta.dirname, '../src/modules/audit/verify-export-cli.ts');
  const run = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        cwd: path.join(import.meta.dirname, '../../..'),
      });
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, stdout: e.stdout };
    }
  };

  it('says OK for a file as exported, names the failure otherwise (exit 1), and shows its use (exit 2)', async () => {
    const keyFile = path.join(dir, 'uap-key.pem');
    fs.writeFileSync(keyFile, key.pem);
    const file = path.join(dir, 'tracker.csv');
    fs.writeFileSync(file, await trackerCsv());
    const good = await run(file, '--key', keyFile);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^signature: valid/);
    expect(good.stdout.trimEnd().split('\n').at(-1)).toBe('OK');

    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('\n', '\n"forged",\n'));
    const bad = await run(file, '--key', keyFile);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/FAILED: the file's content was changed/);

    expect((await run(file)).code).toBe(2);
  });
});
