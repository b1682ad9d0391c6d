import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeChannel } from '../src/db/change-channel.ts';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { secondInstance } from './processes.ts';

/**
 * Two instances on one PostgreSQL database, each keeping callers' profiles for a minute: a
 * person turned off through one is refused by the other within a second.
 */

const SECRET = 'revocation-test-scim-secret-91b3';

describe.runIf(process.env.TEST_PG_URL !== undefined)('revocation across instances', () => {
  let first: TestContext;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await createTestContext({ SCIM_TOKEN: SECRET, ACTOR_CACHE_SECONDS: '60' });
    ({ app: second, close: closeSecond } = await secondInstance(first.config));
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  const taskCounts = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/Request/TaskCounts',
      headers: { authorization: `Bearer ${token}` },
    });

  async function directoryIdOf(mail: string): Promise<string> {
    const row = await first.db.kysely
      .selectFrom('directoryUsers')
      .select('directoryId')
      .where('mail', '=', mail)
      .executeTakeFirstOrThrow();
    return row.directoryId;
  }

  it('keeps a profile on the other instance when nothing tells it (the control)', async () => {
    const token = await first.tokenFor(demo.approver);
    expect((await taskCounts(second, token)).statusCode).toBe(200);
    // Turned off behind the API's back: no instance is told, so the kept profile still serves.
    await sql`update directory_users set active = 0 where mail = ${demo.approver}`.execute(first.db.kysely);
    try {
      expect((await taskCounts(second, token)).statusCode).toBe(200);
    } finally {
      await sql`update directory_users set active = 1 where mail = ${demo.approver}`.execute(first.db.kysely);
    }
  });

  it('refuses a person the directory turned off through the other instance within a second', async () => {
    const token = await first.tokenFor(demo.standard);
    expect((await taskCounts(second, token)).statusCode).toBe(200);
    expect((await taskCounts(second, token)).statusCode).toBe(200);

    const off = await first.app.inject({
      method: 'PATCH',
      url: `/scim/v2/Users/${await directoryIdOf(demo.standard)}`,
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    });
    expect(off.statusCode, off.body).toBe(200);
    const sent = Date.now();

    let status = 200;
    while (status === 200 && Date.now() - sent < 2_000) {
      status = (await taskCounts(second, token)).statusCode;
      if (status === 200) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const refusedAfterMs = Date.now() - sent;
    expect(status).toBe(401);
    expect(refusedAfterMs).toBeLessThan(1_000);
  });

  it('drops what it kept when its listening connection is lost, and listens again', async () => {
    let changes = 0;
    const channel = new ChangeChannel(
      first.config.databaseUrl,
      'uap_test_changes',
      () => (changes += 1),
      undefined,
      100,
    );
    try {
      await channel.start();
      expect(channel.isListening).toBe(true);
      const afterStart = changes;
      await channel.notify(first.db);
      await waitFor(() => changes > afterStart);

      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN uap_test_changes'`.execute(first.db.kysely);
      await waitFor(() => !channel.isListening);
      const afterLoss = changes;
      expect(afterLoss).toBeGreaterThan(afterStart + 1);
      await waitFor(() => channel.isListening);
      expect(changes).toBeGreaterThan(afterLoss);
    } finally {
      await channel.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
