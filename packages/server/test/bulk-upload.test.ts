import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, RequestStatus, Role, type BulkUploadStatus } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildPath, buildUser, uniqueTag, type BuiltPath, type BuiltUser } from './factories.ts';
import { processUpload } from '../src/modules/bulk/process.ts';

/**
 * Bulk Upload: a .csv per type, answered with its code at once and processed in
 * the background; every row checked by the screen's own rules; the same file twice creates
 * nothing twice; an interrupted upload resumes after its last batch.
 */

let ctx: TestContext;
let token = '';
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.tokenFor(demo.superAdmin);
});
afterAll(async () => {
  await ctx.close();
});

const BOUNDARY = '----uap-bulk-test';
function multipart(fileName: string, content: string): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    `Content-Type: text/csv\r\n\r\n${content}\r\n--${BOUNDARY}--\r\n`
  );
}

async function upload(url: string, content: string, fileName = 'rows.csv', as = token) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${as}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fileName, content),
  });
}

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** Waits for the background processing of an upload to stop; returns its final status. */
async function finished(code: string): Promise<BulkUploadStatus> {
  for (let i = 0; i < 200; i++) {
    const status = (await get(`/api/BulkData/Status/${code}`)).json<{ data: BulkUploadStatus }>().data;
    if (status.status !== 'Processing') {
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`upload ${code} did not finish`);
}

async function uploadAndWait(url: string, content: string) {
  const res = await upload(url, content);
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json<{ data: { codeFile: string } }>().data.codeFile;
  return { code, status: await finished(code) };
}

interface Result {
  row: number;
  fileName: string;
  bulk_Success: boolean;
  bulk_Status: string;
}
async function results(route: string, code: string, extra = ''): Promise<Result[]> {
  const res = await get(`/api/Request/${route}?code=${code}&pageSize=100${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { records: Result[] } }>().data.records;
}

const csv = (rows: string[][]) =>
  rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
const pathCells = (p: BuiltPath) => [
  p.names.region,
  p.names.market,
  p.names.agency,
  p.names.practice,
  p.names.platform,
];

describe('Approvers/Provisioners upload', () => {
  let p: BuiltPath;
  let approver: BuiltUser;
  let provisioner: BuiltUser;
  let content = '';
  beforeAll(async () => {
    p = await buildPath(ctx.db.kysely, {});
    approver = await buildUser(ctx.db.kysely, { roleId: Role.STANDARD });
    provisioner = await buildUser(ctx.db.kysely, {});
    content = csv([
      [
        'Region *',
        'Market *',
        'Agency *',
        'Practice *',
        'Platform *',
        'Client',
        'Primary Approver Email *',
        'Secondary Approver Email',
        'Primary Provisioner Email',
        'Backup Provisioner Email',
      ],
      [...pathCells(p), '', approver.email, '', provisioner.email, ''],
      [...pathCells(p), '', approver.email.toUpperCase(), '', '', ''],
      [
        'Nowhere',
        p.names.market,
        p.names.agency,
        p.names.practice,
        p.names.platform,
        '',
        approver.email,
        '',
        '',
        '',
      ],
      [...pathCells(p), p.names.client, 'nobody@agency.example', '', '', ''],
    ]);
  });

  const assignmentsOnPath = () =>
    ctx.db.kysely
      .selectFrom('approverAssignments')
      .select(['userId', 'provisionerId', 'clientId'])
      .where('platformId', '=', p.platformId)
      .execute();

  it('answers the code at once, then makes each valid row an assignment and refuses the others with the screen’s reason', async () => {
    const { code, status } = await uploadAndWait('/api/BulkData/UploadApprover', content);
    expect(code).toMatch(/^AP-\d{8}-[0-9a-f]{10}$/);
    expect(status).toMatchObject({ status: 'Completed', totalRows: 4, processedRows: 4, successRows: 1 });
    expect(await assignmentsOnPath()).toEqual([
      { userId: approver.userId, provisionerId: provisioner.userId, clientId: null },
    ]);
    const rows = await results('BulkDataApprover', code);
    expect(rows.map((r) => [r.row, r.fileName, r.bulk_Success])).toEqual([
      [2, code, true],
      [3, code, false],
      [4, code, false],
      [5, code, false],
    ]);
    expect(rows[0]!.bulk_Status).toMatch(/^Assignment #\d+ created\.$/);
    // The second row twins the first: the assignment screen's own refusal.
    expect(rows[1]!.bulk_Status).toContain(p.names.platform);
    expect(rows[2]!.bulk_Status).toBe(messages.bulkRowUnknown('Region', 'Nowhere'));
    expect(rows[3]!.bulk_Status).toBe(
      messages.bulkRowUnknown('Primary Approver Email', 'nobody@agency.example'),
    );
    // The approver named by an assignment becomes an approver (the screen's role rule).
    const role = await ctx.db.kysely
      .selectFrom('users')
      .select('roleId')
      .where('userId', '=', approver.userId)
      .executeTakeFirstOrThrow();
    expect(role.roleId).toBe(Role.APPROVER);

    const refused = await results('BulkDataApprover', code, '&Filters=bulk_Success%3Dfalse');
    expect(refused.map((r) => r.row)).toEqual([3, 4, 5]);
  });

  it('creates nothing twice when the same file is uploaded again', async () => {
    const { code, status } = await uploadAndWait('/api/BulkData/UploadApprover', content);
    expect(status).toMatchObject({ status: 'Completed', totalRows: 4, processedRows: 4 });
    expect(await assignmentsOnPath()).toHaveLength(1);
    const rows = await results('BulkDataApprover', code);
    expect(rows[0]!.bulk_Status).toMatch(
      new RegExp(`^${messages.bulkRowAlreadyDone.replace(/\./g, '\\.')} \\(AP-`),
    );
  });

  it('exports the refused rows in the template’s columns with the row and the reason', async () => {
    const { code } = await uploadAndWait(
      '/api/BulkData/UploadApprover',
      content.replace('Nowhere', '=Nowhere'),
    );
    const res = await get(`/api/BulkData/Refused/${code}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Region,Market,Agency,Practice,Platform,Client,Primary Approver Email,Secondary Approver Email,Primary Provisioner Email,Backup Provisioner Email,Row,Error',
    );
    // Every row is refused now: this is another file (row 2 twins the assignment made above).
    expect(lines).toHaveLength(5);
    const nowhere = lines.find((l) => l.includes('Nowhere'));
    expect(nowhere).toContain("'=Nowhere");
    expect(nowhere).toContain(',4,');
  });
});

describe('Master Approvers upload', () => {
  it('makes a master approver assignment per valid row, once', async () => {
    const p = await buildPath(ctx.db.kysely, {});
    const person = await buildUser(ctx.db.kysely, {});
    const content = csv([
      ['Region', 'Market', 'Agency', 'Practice', 'Master Approver Email'],
      [p.names.region, p.names.market, p.names.agency, p.names.practice, person.email],
      [p.names.region, p.names.market, p.names.agency, 'No Such Practice', person.email],
    ]);
    const { code, status } = await uploadAndWait('/api/BulkData/UploadMasterApprover', content);
    expect(status).toMatchObject({ status: 'Completed', successRows: 1 });
    const rows = await results('BulkDataMasterApprover', code);
    expect(rows.map((r) => r.bulk_Success)).toEqual([true, false]);
    expect(rows[1]!.bulk_Status).toBe(messages.bulkRowUnknown('Practice', 'No Such Practice'));
    await uploadAndWait('/api/BulkData/UploadMasterApprover', content);
    const made = await ctx.db.kysely
      .selectFrom('masterApprovers')
      .select(['userId', 'isDeleted'])
      .where('practiceId', '=', p.practiceId)
      .execute();
    expect(made).toEqual([{ userId: person.userId, isDeleted: 0 }]);
  });
});

describe('User Records upload', () => {
  let p: BuiltPath;
  let approver: BuiltUser;
  let subject: BuiltUser;
  let content = '';
  let assetName = '';
  let typeName = '';
  const header = [
    'User Email',
    'Platform Email',
    'Region',
    'Market',
    'Agency',
    'Practice',
    'Platform',
    'Client',
    'Client Code',
    'Asset Type',
    'Asset Name',
    'Platform User Type',
    'Start Date',
    'End Date',
    'Urgent',
    'Comments',
    'Manager Email',
    'Manager Name',
  ];
  beforeAll(async () => {
    const k = ctx.db.kysely;
    approver = await buildUser(k, { roleId: Role.APPROVER });
    p = await buildPath(k, { assignment: { primary: approver.userId } });
    subject = await buildUser(k, { managerEmail: 'boss@agency.example', managerName: 'The Boss' });
    const asset = await k
      .selectFrom('assetTypes')
      .select('description')
      .where('assetId', '=', p.assetId)
      .executeTakeFirstOrThrow();
    const type = await k
      .selectFrom('platformUserTypes')
      .select('description')
      .where('platformUserTypeId', '=', p.platformUserTypeId)
      .executeTakeFirstOrThrow();
    assetName = asset.description;
    typeName = type.description;
    const row = (comments: string, urgent = 'No') => [
      subject.email,
      '',
      ...pathCells(p),
      p.names.client,
      '',
      asset.description,
      p.names.account,
      type.description,
      '',
      '',
      urgent,
      comments,
      '',
      '',
    ];
    content = csv([
      header,
      row('Needs access for the Q3 campaign', 'Yes'),
      row('ab'),
      row('Asked again for the same account'),
    ]);
  });

  it('makes each valid row a request routed to its path’s approvers, as the wizard does, and refuses the rest with the wizard’s messages', async () => {
    const { code, status } = await uploadAndWait('/api/BulkData/UploadFile', content);
    expect(status).toMatchObject({ status: 'Completed', totalRows: 3, processedRows: 3, successRows: 1 });
    const rows = await results('BulkDataRecords', code);
    const made = await ctx.db.kysely
      .selectFrom('requests')
      .select([
        'requestId',
        'statusId',
        'requestTypeId',
        'createdBy',
        'email',
        'isUrgent',
        'managerEmail',
        'clientAccountId',
      ])
      .where('userId', '=', subject.userId)
      .execute();
    expect(made).toHaveLength(1);
    const sue = await ctx.db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', demo.superAdmin)
      .executeTakeFirstOrThrow();
    expect(made[0]).toMatchObject({
      statusId: RequestStatus.SUBMITTED,
      requestTypeId: 1,
      createdBy: sue.userId,
      email: subject.email,
      isUrgent: 1,
      managerEmail: 'boss@agency.example',
      clientAccountId: p.clientAccountId,
    });
    expect(rows.map((r) => [r.row, r.bulk_Success, r.bulk_Status])).toEqual([
      [2, true, messages.bulkRowCreated(`Request #${made[0]!.requestId}`)],
      [3, false, messages.invalidComment],
      [4, false, messages.requestAlreadyExists(made[0]!.requestId)],
    ]);
    const history = await ctx.db.kysely
      .selectFrom('requestHistory')
      .select('statusId')
      .where('requestId', '=', made[0]!.requestId)
      .execute();
    expect(history).toEqual([{ statusId: RequestStatus.SUBMITTED }]);

    // Routed like a wizard-made request: it is in the path's approver's tasks.
    const tasks = await ctx.app.inject({
      method: 'PUT',
      url: '/api/Approvers/RequestList',
      headers: { authorization: `Bearer ${await ctx.tokenFor(approver.email)}` },
      payload: { pageSize: 100 },
    });
    const ids = tasks
      .json<{ data: { requests: { requestId: number }[] } }>()
      .data.requests.map((r) => r.requestId);
    expect(ids).toContain(made[0]!.requestId);

    // And its approver is told, as for a wizard-made request: in the bell and by one email.
    const told = await ctx.db.kysely
      .selectFrom('notifications')
      .select(['event', 'requestId'])
      .where('userId', '=', approver.userId)
      .execute();
    expect(told).toEqual([{ event: 'submitted', requestId: made[0]!.requestId }]);
    const mails = await ctx.db.kysely
      .selectFrom('mailOutbox')
      .select(['event', 'recipient'])
      .where('recipientUserId', '=', approver.userId)
      .execute();
    expect(mails).toEqual([{ event: 'submitted', recipient: approver.email }]);
  });

  it('writes a batch’s lines together: each row names its own line, with its own comments, found by the search', async () => {
    const k = ctx.db.kysely;
    const tag = uniqueTag();
    const subjects: BuiltUser[] = [];
    for (let i = 0; i < 5; i++) {
      subjects.push(
        await buildUser(k, {
          lastName: `Batchrow${tag}x${i}`,
          managerEmail: 'boss@agency.example',
          managerName: 'The Boss',
        }),
      );
    }
    const rowFor = (who: BuiltUser, comments: string) => [
      who.email,
      '',
      ...pathCells(p),
      p.names.client,
      '',
      assetName,
      p.names.account,
      typeName,
      '',
      '',
      'No',
      comments,
      '',
      '',
    ];
    const file = csv([
      header,
      ...subjects.slice(0, 3).map((who, i) => rowFor(who, `Batch row ${i} of ${tag}`)),
      rowFor(subjects[1]!, `The same access again ${tag}`),
      ...subjects.slice(3).map((who, i) => rowFor(who, `Batch row ${i + 3} of ${tag}`)),
    ]);
    const { code, status } = await uploadAndWait('/api/BulkData/UploadFile', file);
    expect(status).toMatchObject({ status: 'Completed', processedRows: 6, successRows: 5 });
    const made = await k
      .selectFrom('requests')
      .select(['requestId', 'userId'])
      .where(
        'userId',
        'in',
        subjects.map((s) => s.userId),
      )
      .execute();
    expect(made).toHaveLength(5);
    const lineOf = (who: BuiltUser) => made.find((m) => m.userId === who.userId)!.requestId;
    const rows = await results('BulkDataRecords', code);
    expect(rows.map((r) => [r.row, r.bulk_Success, r.bulk_Status])).toEqual([
      [2, true, messages.bulkRowCreated(`Request #${lineOf(subjects[0]!)}`)],
      [3, true, messages.bulkRowCreated(`Request #${lineOf(subjects[1]!)}`)],
      [4, true, messages.bulkRowCreated(`Request #${lineOf(subjects[2]!)}`)],
      [5, false, messages.requestAlreadyExists(lineOf(subjects[1]!))],
      [6, true, messages.bulkRowCreated(`Request #${lineOf(subjects[3]!)}`)],
      [7, true, messages.bulkRowCreated(`Request #${lineOf(subjects[4]!)}`)],
    ]);
    const history = await k
      .selectFrom('requestHistory')
      .select(['requestId', 'comments', 'statusId'])
      .where(
        'requestId',
        'in',
        made.map((m) => m.requestId),
      )
      .execute();
    expect(history.sort((a, b) => a.requestId - b.requestId)).toEqual(
      [0, 1, 2, 3, 4]
        .map((i) => ({
          requestId: lineOf(subjects[i]!),
          comments: `Batch row ${i} of ${tag}`,
          statusId: RequestStatus.SUBMITTED,
        }))
        .sort((a, b) => a.requestId - b.requestId),
    );
    // Each line's search document is its own: the tracker finds it by its subject's last name.
    const ids = made.map((m) => m.requestId);
    for (const who of subjects) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Request/AllRequests',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          searchCriteria: who.lastName,
          filters: [{ column: 'requestId', values: ids.map(String) }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const found = res.json<{ data: { requests: { requestId: number }[] } }>().data.requests;
      expect(found.map((r) => r.requestId)).toEqual([lineOf(who)]);
    }
  });

  it('resumes an interrupted upload after its last committed batch', async () => {
    const other = await buildUser(ctx.db.kysely, {
      managerEmail: 'boss@agency.example',
      managerName: 'The Boss',
    });
    const file = content.replaceAll(subject.email, other.email);
    const code = 'UR-20990101-resumetest';
    const dir = path.join(ctx.config.dataDir, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${code}.csv`), file);
    const sue = await ctx.db.kysely
      .selectFrom('users')
      .select('userId')
      .where('email', '=', demo.superAdmin)
      .executeTakeFirstOrThrow();
    // As a crash leaves it: one row's batch committed (a refusal), the rest never started.
    const { id } = await ctx.db.kysely
      .insertInto('bulkUploads')
      .values({
        code,
        uploadType: 'UserRecords',
        fileName: 'resume.csv',
        status: 'Processing',
        createdBy: sue.userId,
        fileHash: 'resume',
        processedRows: 1,
        totalRows: 3,
        successRows: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('bulkUploadRows')
      .values({
        uploadId: id,
        rowNumber: 2,
        success: 0,
        statusText: 'Committed before the crash',
        payload: '{}',
      })
      .execute();
    await processUpload(ctx.db, { uploadDir: dir }, code);
    expect(await finished(code)).toMatchObject({ status: 'Completed', processedRows: 3 });
    const rows = await results('BulkDataRecords', code);
    expect(rows.map((r) => [r.row, r.bulk_Success])).toEqual([
      [2, false],
      [3, false],
      [4, true],
    ]);
    expect(rows[0]!.bulk_Status).toBe('Committed before the crash');
    expect(fs.existsSync(path.join(dir, `${code}.csv`))).toBe(false);
  });
});

describe('what an upload refuses', () => {
  it('refuses a file that is not .csv, and a header without the required columns', async () => {
    const notCsv = await upload('/api/BulkData/UploadFile', 'a,b\r\n1,2', 'rows.xlsx');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().message).toBe(messages.bulkCsvOnly);
    const missing = await upload('/api/BulkData/UploadMasterApprover', 'Region,Market\r\nA,B');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      messages.bulkMissingColumns(['Agency', 'Practice', 'Master Approver Email']),
    );
    const empty = await upload('/api/BulkData/UploadApprover', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.bulkEmptyFile);
  });

  it('is for administrators: the auditor may read results but not upload', async () => {
    const auditor = await ctx.tokenFor(demo.auditor);
    expect((await upload('/api/BulkData/UploadFile', 'x', 'rows.csv', auditor)).statusCode).toBe(403);
    const standard = await ctx.tokenFor(demo.standard);
    expect((await upload('/api/BulkData/UploadFile', 'x', 'rows.csv', standard)).statusCode).toBe(403);
  });

  it('offers a template per type with the required columns marked and one example row', async () => {
    const res = await get('/api/BulkData/Template/MasterApprovers');
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual([
      'Region *,Market *,Agency *,Practice *,Master Approver Email *',
      'EMEA,United Kingdom,Example Agency,Search,jane.doe@example.com',
    ]);
  });

  it('states the date format in the user records template, and reads the template back as it is', async () => {
    const res = await get('/api/BulkData/Template/UserRecords');
    expect(res.statusCode).toBe(200);
    const [header, example, ...rest] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rest).toEqual([]);
    expect(header).toContain('Start Date (MM-DD-YYYY),End Date (MM-DD-YYYY)');
    expect(example).toContain('01-31-2027,12-31-2027');

    // The downloaded template uploads as it is: the header is understood, the example row refused.
    const { code, status } = await uploadAndWait('/api/BulkData/UploadFile', `${header}\r\n${example}`);
    expect(status).toMatchObject({ status: 'Completed', processedRows: 1, successRows: 0 });
    expect(await results('BulkDataRecords', code)).toEqual([
      { row: 2, fileName: code, bulk_Success: false, bulk_Status: messages.bulkRowIsExample },
    ]);
  });
});
