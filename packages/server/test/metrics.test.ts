import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

const METRICS_TOKEN = 'scrape-secret-0123456789';

describe('/metrics with METRICS_TOKEN set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves Prometheus metrics, request durations included, to the configured token', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('uap_http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it.each([
    ['no Authorization header', undefined],
    ['another token', 'Bearer scrape-secret-0123456788'],
    ['the token as Basic credentials', `Basic ${METRICS_TOKEN}`],
    ['a user access token', 'user'],
  ])('answers 404 to %s', async (_label, header) => {
    const authorization =
      header === 'user' ? `Bearer ${await ctx.tokenFor('sue.super@agency.example')}` : header;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu_user_seconds_total');
    expect(res.json()).toEqual({ succeeded: false, message: 'Not found', data: null });
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each([undefined, 'Bearer ', 'Bearer undefined', 'Bearer null'])(
    'answers 404 to %s',
    async (authorization) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('process_cpu_user_seconds_total');
    },
  );
});
