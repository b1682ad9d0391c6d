import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningMaterial } from '../src/auth/keys.ts';
import { createTestContext, type TestContext } from './harness.ts';

/**
 * Instances started together on a database without keys (a first start behind a load balancer)
 * agree on the keys: a token or a sign-in cookie made by one is accepted by the other.
 */
describe('the embedded provider keys of instances starting together', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('are the same on each instance, the first ones stored', async () => {
    await ctx.db.kysely.deleteFrom('authKeys').execute();
    const [first, second] = await Promise.all([loadSigningMaterial(ctx.db), loadSigningMaterial(ctx.db)]);
    expect(second.cookieKeys).toEqual(first.cookieKeys);
    expect(second.signingKey).toEqual(first.signingKey);
    // A later start reads the same.
    const later = await loadSigningMaterial(ctx.db);
    expect(later.cookieKeys).toEqual(first.cookieKeys);
    expect(later.signingKey).toEqual(first.signingKey);
  });
});
