import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatus, Role, type NotificationEvent } from '@uap/domain';
import { queueNotifications } from '../src/modules/notifications/outbox.ts';
import { BASE_URL_TOKEN } from '../src/modules/notifications/render.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildPath, buildRequest, buildUser, type BuiltUser } from './factories.ts';

/**
 * An external guest never signs in to UAP: the mails of their requests tell them what happened
 * without links into the portal, without the settings footer, and without asking them to act
 * there. Internal people keep the portal's links.
 */

let ctx: TestContext;
let requestor: BuiltUser;
let guest: BuiltUser;
let approver: BuiltUser;
let path: Awaited<ReturnType<typeof buildPath>>;
beforeAll(async () => {
  ctx = await createTestContext();
  const k = ctx.db.kysely;
  requestor = await buildUser(k, { name: 'Rita' });
  guest = await buildUser(k, { name: 'Gail', userType: 'Guest', isInternal: false });
  approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann' });
  path = await buildPath(k, { assignment: { primary: approver.userId } });
});
afterAll(async () => {
  await ctx.close();
});

async function mailsOf(
  event: NotificationEvent,
  statusId: (typeof RequestStatus)[keyof typeof RequestStatus],
) {
  const k = ctx.db.kysely;
  const { requestId } = await buildRequest(k, {
    path,
    user: guest,
    createdBy: requestor.userId,
    statusId,
    set: { expirationDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
  });
  await k.transaction().execute((trx) => queueNotifications(trx, event, [requestId], approver.userId));
  const rows = await k
    .selectFrom('mailOutbox')
    .select(['recipientUserId', 'textBody', 'htmlBody'])
    .where('event', '=', event)
    .where('recipientUserId', 'in', [guest.userId, requestor.userId])
    .where('textBody', 'like', `%#${requestId} %`)
    .execute();
  const toGuest = rows.find((r) => r.recipientUserId === guest.userId);
  const toRequestor = rows.find((r) => r.recipientUserId === requestor.userId);
  expect(toGuest, `a ${event} mail to the guest`).toBeDefined();
  expect(toRequestor, `a ${event} mail to the requestor`).toBeDefined();
  return { requestId, toGuest: toGuest!, toRequestor: toRequestor! };
}

const expectNoPortal = (mail: { textBody: string; htmlBody: string }) => {
  for (const body of [mail.textBody, mail.htmlBody]) {
    expect(body).not.toContain(BASE_URL_TOKEN);
    expect(body).not.toMatch(/<a |in the User Access Portal:|Notification settings|sign in/i);
  }
};

describe('mails to an external guest', () => {
  it.each([
    ['completed', RequestStatus.COMPLETED, /was completed by Ann/],
    ['rejected', RequestStatus.REJECTED, /was rejected by Ann/],
    ['cancelled', RequestStatus.CANCELLED, /was cancelled by Ann/],
  ] as const)(
    'a %s line tells the guest what happened, with no link into the portal',
    async (event, statusId, said) => {
      const { requestId, toGuest, toRequestor } = await mailsOf(event, statusId);
      expect(toGuest.textBody).toMatch(said);
      expect(toGuest.textBody).toContain(`#${requestId}`);
      expectNoPortal(toGuest);
      // The internal requestor keeps the link to the request.
      expect(toRequestor.textBody).toContain(BASE_URL_TOKEN);
    },
  );

  it('an access that ends soon: the guest is told to ask the requestor, not to extend it in the portal', async () => {
    const { toGuest, toRequestor } = await mailsOf('expiring', RequestStatus.COMPLETED);
    expectNoPortal(toGuest);
    expect(toGuest.textBody).not.toMatch(/Extend it/);
    expect(toGuest.textBody).toMatch(/ask the person who requested it/i);
    expect(toRequestor.textBody).toMatch(/Extend it in the User Access Portal:/);
  });
});
