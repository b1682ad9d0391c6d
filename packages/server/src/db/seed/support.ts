import type { Insertable, Kysely } from 'kysely';
import { RequestStatus, RequestType, StandardCommentType, masterDataTypes } from '@uap/domain';
import type { Database } from '../schema.ts';
import { DAY, HOUR, insertRows } from './batch.ts';
import * as data from './data.ts';
import { demoEmails, type People } from './people.ts';
import type { Rng } from './random.ts';
import type { Line } from './requests.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The smaller tables around requests: standard and provisioner comments, leaver comments,
 * master-data requests and logs, bulk uploads, job runs and the user status report.
 */
export async function insertDemoSupport(
  db: Kysely<Database>,
  rng: Rng,
  nowMs: number,
  people: People,
  lines: Line[],
): Promise<void> {
  const sue = people.byEmail.get(demoEmails.sue);
  const pat = people.byEmail.get(demoEmails.pat);
  const sam = people.byEmail.get(demoEmails.sam);
  if (!sue || !pat || !sam) {
    throw new Error('demo profiles missing');
  }

  await insertRows(
    db,
    'standardComments',
    data.standardComments.map((comment, i) => ({
      comment,
      type: StandardCommentType.PROVISIONING,
      isDeleted: i === data.standardComments.length - 1 ? 1 : 0,
      createdBy: pat.userId,
      createdDate: iso(nowMs - (400 - i * 10) * DAY),
    })),
  );

  // Provisioner comment threads on approved and completed lines.
  const provisionerComments: Insertable<Database['provisionerComments']>[] = [];
  const commented = lines.filter(
    (l) =>
      l.row.statusId === RequestStatus.APPROVED ||
      (l.row.statusId === RequestStatus.COMPLETED && rng.chance(0.05)),
  );
  for (const line of rng.sample(commented, 30)) {
    const start = Date.parse(line.row.approvedDate ?? line.row.createdDate);
    const author = line.row.provisionedBy ?? pat.userId;
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      provisionerComments.push({
        requestId: line.row.requestId,
        comment: rng.pick([
          'Waiting for the client admin to accept the invitation.',
          'Asked the user to confirm the platform email.',
          'Escalated to the platform support team.',
          'Invitation re-sent.',
        ]),
        createdBy: author,
        createdDate: iso(Math.min(nowMs - 60_000, start + (i + 1) * rng.int(1, 24) * HOUR)),
      });
    }
  }
  await insertRows(db, 'provisionerComments', provisionerComments);

  // Leaver comments on active records of people whose directory account is disabled.
  const leaverIds = new Set(people.leavers.map((p) => p.userId));
  const leaverRecords = lines.filter(
    (l) =>
      leaverIds.has(l.row.userId) &&
      l.row.requestTypeId === RequestType.ADD &&
      l.row.isDeleted === 0 &&
      (l.row.statusId === RequestStatus.COMPLETED || l.row.statusId === RequestStatus.ARCHIVED),
  );
  await insertRows(
    db,
    'leaverComments',
    leaverRecords.slice(0, 6).map((l) => ({
      requestId: l.row.requestId,
      comment: rng.pick([
        'Checked with the manager, access to be removed after handover.',
        'User moved to a client-side role, confirm before removing.',
        'Awaiting HR confirmation of the leaving date.',
      ]),
      createdBy: sue.userId,
      createdDate: iso(nowMs - rng.int(1, 20) * DAY),
    })),
  );

  await insertRows(
    db,
    'masterDataRequests',
    [
      [
        'Client - Client Code',
        'Please add client Fourth Coffee to Northwind Media on Google Ads with client code FTC-US01.',
      ],
      ['Client Asset', 'New Google Ads account Contoso US Holiday (123-555-0199) for Contoso Beverages.'],
      ['Platform User Type', 'Meta now offers a Finance Analyst role on ad accounts, please add it.'],
      [
        'Agency',
        'Blue Harbor Digital is opening an office in Canada, please add the agency to the CA market.',
      ],
      ['Practice', 'Please enable the Commerce practice for Kingsway Media.'],
      [
        'Client Asset',
        'The TikTok account Wingtip US Launch was closed by the client, please deactivate it.',
      ],
      ['Platform', 'Please add Pinterest as a platform for the Social practice.'],
      ['Market', 'Please add Mexico (MX) to North America.'],
    ].map(([masterDataType = '', comments = ''], i) => ({
      masterDataType,
      comments,
      createdBy: i % 2 === 0 ? sam.userId : rng.pick(people.internal).userId,
      createdDate: iso(nowMs - (200 - i * 20) * DAY),
    })),
  );

  const logs: Insertable<Database['masterDataLogs']>[] = [];
  for (let i = 0; i < 24; i++) {
    const type = rng.pick(masterDataTypes);
    const operation = rng.pick(['Created', 'Updated', 'Deactivated', 'Activated'] as const);
    logs.push({
      masterDataType: type,
      itemId: rng.int(1, 8),
      operation,
      description: `${type} ${operation.toLowerCase()}`,
      operationDate: iso(nowMs - rng.int(1, 500) * DAY),
      operatedBy: sue.userId,
    });
  }
  await insertRows(db, 'masterDataLogs', logs);

  // Two past uploads with their per-row results.
  const uploads: { code: string; type: string; rows: [boolean, string][] }[] = [
    {
      code: 'UR-20240611-0001',
      type: 'UserRecords',
      rows: [
        [true, 'Record created'],
        [true, 'Record created'],
        [false, 'Platform user type not found for the asset'],
        [true, 'Record created'],
      ],
    },
    {
      code: 'AP-20240902-0001',
      type: 'Approvers',
      rows: [
        [true, 'Assignment created'],
        [false, 'Approver email not found in UAP'],
        [true, 'Assignment updated'],
      ],
    },
  ];
  let uploadId = 0;
  const uploadRows: Insertable<Database['bulkUploadRows']>[] = [];
  const uploadHeads: Insertable<Database['bulkUploads']>[] = [];
  for (const u of uploads) {
    uploadId += 1;
    uploadHeads.push({
      id: uploadId,
      code: u.code,
      uploadType: u.type,
      fileName: `${u.type.toLowerCase()}-${uploadId}.csv`,
      status: 'Completed',
      totalRows: u.rows.length,
      successRows: u.rows.filter(([ok]) => ok).length,
      createdBy: sue.userId,
      createdDate: iso(nowMs - (300 - uploadId * 60) * DAY),
    });
    u.rows.forEach(([ok, statusText], i) => {
      uploadRows.push({
        uploadId,
        rowNumber: i + 1,
        success: ok ? 1 : 0,
        statusText,
        payload: JSON.stringify({ row: i + 1 }),
      });
    });
  }
  await insertRows(db, 'bulkUploads', uploadHeads);
  await insertRows(db, 'bulkUploadRows', uploadRows);

  const runs: Insertable<Database['jobRuns']>[] = [];
  for (const [jobName, everyDays] of [
    ['ProfileMatcher', 7],
    ['LeaverScan', 1],
    ['ExpiryScan', 1],
    ['UserStatusReport', 7],
  ] as const) {
    for (let k = 3; k >= 1; k--) {
      const started = nowMs - k * everyDays * DAY - 2 * HOUR;
      runs.push({
        jobName,
        status: 'COMPLETED',
        startedOn: iso(started),
        endedOn: iso(started + rng.int(5, 90) * 1000),
        leaseOwner: 'seed',
        leaseUntil: iso(started + 10 * 60_000),
        message: null,
      });
    }
  }
  await insertRows(db, 'jobRuns', runs);

  // Status of Users: directory changes to acknowledge (leavers, role or agency moves).
  await insertRows(db, 'userStatusReports', [
    ...people.leavers.map((p) => ({
      userId: p.userId,
      roleName: 'Standard User',
      changeDescription: 'Directory account disabled',
      agency: p.agencyId ? (data.agencies[p.agencyId - 1]?.description ?? null) : null,
      operationDate: iso(nowMs - rng.int(2, 60) * DAY),
      isDeleted: rng.chance(0.25) ? 1 : 0,
    })),
    ...rng.sample(people.internal, 5).map((p) => ({
      userId: p.userId,
      roleName: 'Standard User',
      changeDescription: rng.pick([
        'Department changed in directory',
        'Job title changed in directory',
        'Manager changed in directory',
      ]),
      agency: p.agencyId ? (data.agencies[p.agencyId - 1]?.description ?? null) : null,
      operationDate: iso(nowMs - rng.int(2, 60) * DAY),
      isDeleted: 0,
    })),
  ]);
}
