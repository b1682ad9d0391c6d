import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { createTestContext, demo, type TestContext } from '../harness.ts';
import { buildAdminRegion, buildPath, buildRecord, buildUser } from '../factories.ts';

/**
 * Issue 43 item 13: names and platform names reached the Teams / Slack webhooks as they were
 * typed, so a guest named `<!channel> [Approve now](https://…)` pinged the channel with a link.
 * Each target now gets the user-supplied parts escaped for its own syntax.
 */

let hooks: { path: string; text: string }[];
let hookServer: http.Server;
let ctx: TestContext;

beforeAll(async () => {
  hooks = [];
  hookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string };
      hooks.push({ path: req.url ?? '', text: body.text });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('1');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
  const port = (hookServer.address() as net.AddressInfo).port;
  ctx = await createTestContext({
    PUBLIC_URL: 'https://uap.agency.example',
    TEAMS_WEBHOOK_URL: `http://127.0.0.1:${port}/teams`,
    SLACK_WEBHOOK_URL: `http://127.0.0.1:${port}/slack`,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => hookServer.close(() => resolve()));
});

const FIRST = '<!channel>';
const LAST = '[Approve now](https://evil.example/approve) <https://evil.example|Open> *now*';
const PLATFORM = '_Urgent_ <@U024BE7LH> `x` & #ops';

/** A guest with a hostile name on a path without approvers: the administrators' webhook event. */
async function hostileEvent() {
  const k = ctx.db.kysely;
  const guest = await buildUser(k, { name: FIRST, lastName: LAST, userType: 'Guest' });
  const admin = await buildUser(k, { roleId: Role.ADMIN });
  const path = await buildPath(k, { assignment: null });
  await k
    .updateTable('platforms')
    .set({ description: PLATFORM })
    .where('platformId', '=', path.platformId)
    .execute();
  await buildAdminRegion(k, admin.userId, path);
  const record = await buildRecord(k, { path, user: guest });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Request/ActiveDeactiveRequest',
    headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
    payload: { isActive: false, requests: [record.requestId], comment: 'No longer needed' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [requestId] = res.json<{ data: { requestIds: number[] } }>().data.requestIds;
  hooks.length = 0;
  await ctx.app.outboxSender.sendDue(new Date());
  const text = (target: string) => hooks.find((h) => h.path === `/${target}`)?.text ?? '';
  return { requestId: requestId!, slack: text('slack'), teams: text('teams') };
}

describe('the administrators’ webhook posts', () => {
  it('Slack gets & < > as entities: no mention, no link of the guest’s, our own link intact', async () => {
    const { requestId, slack } = await hostileEvent();
    expect(slack).toContain(`Request #${requestId} `);
    expect(slack).not.toContain('<!channel>');
    expect(slack).not.toContain('<@U024BE7LH>');
    expect(slack).not.toContain('<https://evil.example|Open>');
    expect(slack).not.toMatch(/<[^>]*>/);
    expect(slack).toContain('&lt;!channel&gt;');
    expect(slack).toContain('&lt;https://evil.example|Open&gt;');
    expect(slack).toContain('`x` &amp; #ops');
    expect(slack).toContain(`https://uap.agency.example/Approvals?requestId=${requestId}`);
  });

  it('Teams gets the markdown of the guest’s name and the platform escaped, our own link intact', async () => {
    const { requestId, teams } = await hostileEvent();
    expect(teams).toContain(`Request #${requestId} `);
    expect(teams).not.toContain('[Approve now](');
    expect(teams).toContain('\\[Approve now\\]\\(https://evil\\.example/approve\\)');
    expect(teams).toContain('\\<\\!channel\\>');
    expect(teams).toContain('\\*now\\*');
    expect(teams).toContain('\\_Urgent\\_');
    expect(teams).toContain('\\`x\\`');
    expect(teams).toContain(`https://uap.agency.example/Approvals?requestId=${requestId}`);
  });

  it('the Sent mail page shows the post as the names were typed', async () => {
    await hostileEvent();
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/SentMail?pageSize=5',
      headers: { authorization: `Bearer ${await ctx.tokenFor(demo.superAdmin)}` },
    });
    expect(page.statusCode, page.body).toBe(200);
    const mails = page.json<{ data: { mails: { channel: string; textBody: string }[] } }>().data.mails;
    const post = mails.find((m) => m.channel === 'webhook');
    expect(post?.textBody).toContain(`${FIRST} ${LAST}`);
    expect(post?.textBody).toContain(PLATFORM);
  });
});
