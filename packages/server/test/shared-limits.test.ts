import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { secondInstance } from './processes.ts';

/**
 * Two instances on one PostgreSQL database share their limits: a client alternating between them
 * gets the allowance once, not twice.
 */

const API_LIMIT = 6;
const SIGN_IN_FAILURES = 3;
const SECRET = 'shared-limits-test-scim-secret-5e0c';

describe.runIf(process.env.TEST_PG_URL !== undefined)('limits shared by the instances', () => {
  let first: TestContext;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    first = await createTestContext({
      RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT),
      RATE_LIMIT_SIGNIN_FAILURES: String(SIGN_IN_FAILURES),
      SCIM_TOKEN: SECRET,
    });
    ({ app: second, close: closeSecond } = await secondInstance(first.config));
  });
  afterAll(async () => {
    await closeSecond();
    await first.close();
  });

  it("counts a person's calls on both instances against one allowance", async () => {
    const token = await first.tokenFor(demo.standard);
    const statuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 2; i += 1) {
      const app = i % 2 === 0 ? first.app : second;
      const res = await app.inject({
        method: 'POST',
        url: '/api/User/ValidateNewUser',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('locks out a client guessing the SCIM secret on either instance', async () => {
    const scim = (app: FastifyInstance, secret: string) =>
      app.inject({
        method: 'GET',
        url: '/scim/v2/Users',
        remoteAddress: '198.51.100.40',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await scim(first.app, 'wrong-1')).statusCode).toBe(401);
    expect((await scim(second, 'wrong-2')).statusCode).toBe(401);
    expect((await scim(first.app, 'wrong-3')).statusCode).toBe(401);
    // The right secret, from the same address, on the instance that saw one failure only.
    const refused = await scim(second, SECRET);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await second.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      remoteAddress: '198.51.100.41',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(other.statusCode).toBe(200);
  });
});
