import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverageState, RequestStatus, Role } from '@uap/domain';
import { createTestContext, type TestContext } from './harness.ts';
import { unsignedCsv } from './signed-body.ts';
import {
  buildAdminRegion,
  buildMasterApprover,
  buildPath,
  buildRequest,
  buildUser,
  type BuiltPath,
  type BuiltUser,
} from './factories.ts';

/** The Coverage tab of /Approvers and the New Request wizard's path preview. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function call<T>(who: BuiltUser, method: 'GET' | 'PUT', url: string, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await ctx.tokenFor(who.email)}` },
  });
  return { status: res.statusCode, body: res.body, data: res.json<{ data: T }>().data };
}

type Row = {
  coverage: string;
  clientName: string;
  agencyName: string;
  approverName: string | null;
  provisionerName: string | null;
  masterApproverNames: string | null;
  pendingCount: number;
};
type Page = { paths: Row[]; totalCount: number };

const previewUrl = (p: BuiltPath, withClient = true) =>
  `/api/Approvers/PathPreview?regionId=${p.regionId}&marketId=${p.marketId}&agencyId=${p.agencyId}&practiceId=${p.practiceId}&platformId=${p.platformId}${withClient ? `&clientId=${p.clientId}` : ''}`;

describe('coverage', () => {
  it('lists every path with its people and pending count, none first, in the admin scope, as CSV too', async () => {
    const k = ctx.db.kysely;
    const admin = await buildUser(k, { roleId: Role.ADMIN });
    const superAdmin = await buildUser(k, { roleId: Role.SUPERADMIN });
    const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann', lastName: 'Approver' });
    const clientApprover = await buildUser(k, { roleId: Role.APPROVER, name: 'Cleo', lastName: 'Client' });
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia', lastName: 'Prov' });
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER, name: 'Mo', lastName: 'Master' });
    const subject = await buildUser(k);

    const covered = await buildPath(k, {
      assignment: { primary: approver.userId, provisioner: provisioner.userId },
    });
    const same = { regionId: covered.regionId, marketId: covered.marketId };
    const onPlatform = {
      ...same,
      agencyId: covered.agencyId,
      practiceId: covered.practiceId,
      platformId: covered.platformId,
    };
    // Another client of the same platform: the null-client assignment covers it too…
    const otherClient = await buildPath(k, onPlatform);
    // …unless an assignment names the client (it wins; no provisioner on it).
    const clientScoped = await buildPath(k, {
      ...onPlatform,
      assignment: { primary: clientApprover.userId, clientScoped: true },
    });
    const uncovered = await buildPath(k, same);
    const mastered = await buildPath(k, same);
    await buildMasterApprover(k, master.userId, mastered);
    const elsewhere = await buildPath(k);
    await buildAdminRegion(k, admin.userId, covered);
    for (const path of [uncovered, uncovered, covered]) {
      await buildRequest(k, { path, user: subject, statusId: RequestStatus.SUBMITTED });
    }
    await buildRequest(k, { path: uncovered, user: subject, statusId: RequestStatus.COMPLETED });

    const agencies = [
      covered.names.agency,
      uncovered.names.agency,
      mastered.names.agency,
      elsewhere.names.agency,
    ];
    const body = { pageSize: 50, filters: [{ column: 'agencyName', values: agencies }] };
    const page = await call<Page>(admin, 'PUT', '/api/Approvers/Coverage', body);
    expect(page.status, page.body).toBe(200);
    const byClient = Object.fromEntries(page.data.paths.map((p) => [p.clientName, p]));
    expect(page.data.totalCount).toBe(5);
    expect(page.data.paths.map((p) => p.clientName)).not.toContain(elsewhere.names.client);
    expect(page.data.paths[0]).toMatchObject({
      clientName: uncovered.names.client,
      coverage: CoverageState.NO_APPROVER,
      approverName: null,
      pendingCount: 2,
    });
    expect(page.data.paths.slice(1, 3).map((p) => p.coverage)).toEqual([
      CoverageState.NO_PROVISIONER,
      CoverageState.NO_PROVISIONER,
    ]);
    expect(byClient[mastered.names.client]).toMatchObject({
      masterApproverNames: 'Mo Master',
      approverName: null,
    });
    expect(byClient[clientScoped.names.client]).toMatchObject({
      approverName: 'Cleo Client',
      provisionerName: null,
    });
    expect(byClient[covered.names.client]).toMatchObject({
      coverage: CoverageState.COVERED,
      approverName: 'Ann Approver',
      provisionerName: 'Pia Prov',
      pendingCount: 1,
    });
    expect(byClient[otherClient.names.client]).toMatchObject({
      approverName: 'Ann Approver',
      pendingCount: 0,
    });

    // Sorted by pending count, most first.
    const sorted = await call<Page>(admin, 'PUT', '/api/Approvers/Coverage', {
      ...body,
      orderBy: 'pendingCount',
      orderAsc: false,
    });
    expect(sorted.data.paths.map((p) => p.pendingCount)).toEqual([2, 1, 0, 0, 0]);

    // The super admin sees the path outside the admin's rows.
    const all = await call<Page>(superAdmin, 'PUT', '/api/Approvers/Coverage', body);
    expect(all.data.totalCount).toBe(6);

    const csv = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Approvers/Coverage/Export',
      payload: body,
      headers: { authorization: `Bearer ${await ctx.tokenFor(admin.email)}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = unsignedCsv(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Coverage,Region,Market,Agency,Practice,Platform,Client,Primary Approver,Secondary Approver,Master Approvers,Provisioner,Provisioner Backup,Pending Requests',
    );
    expect(lines).toHaveLength(6);

    // Not for approvers.
    expect((await call(approver, 'PUT', '/api/Approvers/Coverage', body)).status).toBe(403);
  });

  it('previews who approves and provisions a path before submitting, by the routing rule', async () => {
    const k = ctx.db.kysely;
    const requester = await buildUser(k);
    const approver = await buildUser(k, { roleId: Role.APPROVER, name: 'Ann', lastName: 'Approver' });
    const secondary = await buildUser(k, { roleId: Role.APPROVER, name: 'Sid', lastName: 'Second' });
    const provisioner = await buildUser(k, { roleId: Role.PROVISIONER, name: 'Pia', lastName: 'Prov' });
    const master = await buildUser(k, { roleId: Role.MASTERAPPROVER, name: 'Mo', lastName: 'Master' });
    const covered = await buildPath(k, {
      assignment: { primary: approver.userId, secondary: secondary.userId, provisioner: provisioner.userId },
    });
    const uncovered = await buildPath(k);
    const mastered = await buildPath(k);
    await buildMasterApprover(k, master.userId, mastered);

    const seen = await call<{
      hasApprovalPath: boolean;
      approvers: { fullName: string }[];
      provisioners: { fullName: string }[];
    }>(requester, 'GET', previewUrl(covered));
    expect(seen.status, seen.body).toBe(200);
    expect(seen.data).toEqual({
      hasApprovalPath: true,
      approvers: [
        { fullName: 'Ann Approver', email: approver.email },
        { fullName: 'Sid Second', email: secondary.email },
      ],
      provisioners: [{ fullName: 'Pia Prov', email: provisioner.email }],
    });
    expect((await call(requester, 'GET', previewUrl(covered, false))).data).toMatchObject({
      hasApprovalPath: true,
    });
    expect((await call(requester, 'GET', previewUrl(uncovered))).data).toEqual({
      hasApprovalPath: false,
      approvers: [],
      provisioners: [],
    });
    expect((await call(requester, 'GET', previewUrl(mastered))).data).toEqual({
      hasApprovalPath: true,
      approvers: [{ fullName: 'Mo Master', email: master.email }],
      provisioners: [],
    });
  });
});
