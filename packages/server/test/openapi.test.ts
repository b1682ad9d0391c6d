import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demo, type TestContext } from './harness.ts';

/** The error answers of the OpenAPI document against the routes' declarations and behaviour. */

let ctx: TestContext;
let doc: OpenApi;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApi>();
});
afterAll(async () => {
  await ctx.close();
});

interface Operation {
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

function accessOf(path: string, method: string) {
  const route = ctx.app.registeredRoutes.find(
    (r) => r.method === method && r.url.replace(/:(\w+)/g, '{$1}') === path,
  );
  expect(route, `${method} ${path} is a registered route`).toBeDefined();
  return route!.access;
}

const codes = (operation: Operation) => Object.keys(operation.responses);

describe('GET /api/docs/json', () => {
  it('lists 401 for every route unless public, 403 where a role minimum applies', () => {
    const list = operations();
    expect(list.length).toBeGreaterThan(50);
    for (const { path, method, operation } of list) {
      const access = accessOf(path, method);
      const label = `${method} ${path}`;
      if (access?.minRole === 'public') {
        expect(codes(operation), label).not.toContain('401');
      } else {
        expect(codes(operation), label).toContain('401');
      }
      if (typeof access?.minRole === 'number') {
        expect(codes(operation), label).toContain('403');
      }
    }
  });

  it('lists 400 for every route that validates input, 413 and 415 for every route with a body', () => {
    for (const { path, method, operation } of operations()) {
      const label = `${method} ${path}`;
      const validates = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
      if (validates) {
        expect(codes(operation), label).toContain('400');
      }
      if (['POST', 'PUT', 'PATCH'].includes(method)) {
        expect(codes(operation), label).toEqual(expect.arrayContaining(['413', '415']));
      }
    }
  });

  it('documents every error answer as the failure envelope, and keeps a success answer', () => {
    for (const { path, method, operation } of operations()) {
      const label = `${method} ${path}`;
      expect(
        codes(operation).some((c) => c.startsWith('2')),
        label,
      ).toBe(true);
      for (const [code, response] of Object.entries(operation.responses)) {
        if (!code.startsWith('4')) {
          continue;
        }
        expect(response.description, `${label} ${code}`).not.toBe('Default Response');
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.required, `${label} ${code}`).toEqual(
          expect.arrayContaining(['succeeded', 'message']),
        );
      }
    }
  });

  it("lists the 404, 409 and 422 answers the routes' services give", () => {
    const responsesOf = (method: string, path: string) => codes(doc.paths[path]![method]!);
    expect(responsesOf('get', '/api/Request/Logs/{logId}')).toContain('404');
    expect(responsesOf('get', '/api/Request/Logs/{logId}/Pdf')).toContain('404');
    expect(responsesOf('patch', '/api/Approvers/ApproveRejectRequest')).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '409', '413', '415', '422']),
    );
    expect(responsesOf('post', '/api/Request/CancelMultipleRequest/')).toEqual(
      expect.arrayContaining(['404', '409', '422']),
    );
    expect(responsesOf('patch', '/api/Request/UpdateRequest')).toEqual(
      expect.arrayContaining(['404', '409', '422']),
    );
    // A list answers an empty page, never 404.
    expect(responsesOf('put', '/api/Request/AllRequests')).not.toContain('404');
    expect(responsesOf('get', '/api/health')).not.toContain('401');
  });
});

describe('the documented answers are the real ones', () => {
  it('answers 401 without a token on every route that documents it', async () => {
    for (const { path, method, operation } of operations()) {
      if (!codes(operation).includes('401')) {
        continue;
      }
      const url = path.replace(/\{\w+\}/g, '1');
      const res = await ctx.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 for a log or a decision target that does not exist', async () => {
    const token = await ctx.tokenFor(demo.superAdmin);
    const headers = { authorization: `Bearer ${token}` };
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/Request/Logs/987654321', headers });
    expect(missing.statusCode).toBe(404);
    const decided = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/Approvers/ApproveRejectRequest',
      headers,
      payload: { requestIds: [987654321], isApproved: true, comments: 'Looks right to me' },
    });
    expect(decided.statusCode, decided.body).toBe(404);
  });

  it('answers 415 for a body that is not JSON and 413 for a body over the limit', async () => {
    const token = await ctx.tokenFor(demo.superAdmin);
    const headers = { authorization: `Bearer ${token}` };
    const text = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllRequests',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<page>1</page>',
    });
    expect(text.statusCode).toBe(415);
    const big = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Request/AllRequests',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ searchCriteria: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });
});
