import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type DirectoryImportResult } from '@uap/domain';
import { createTestContext, demo, type TestContext } from './harness.ts';
import { buildUser, uniqueTag } from './factories.ts';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.tokenFor(demo.admin);
});
afterAll(async () => {
  await ctx.close();
});

function upload(csv: string, filename = 'directory.csv', token = adminToken) {
  const boundary = `----uap${uniqueTag()}`;
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    'Content-Type: text/csv',
    '',
    csv,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Directory/Import',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function imported(csv: string) {
  const res = await upload(csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DirectoryImportResult }>().data;
}

const entry = (mail: string) =>
  ctx.db.kysely.selectFrom('directoryUsers').selectAll().where('mail', '=', mail).executeTakeFirstOrThrow();

describe('POST /api/Directory/Import', () => {
  it('creates, updates and refuses rows with a result per row, and is idempotent by mail', async () => {
    const tag = uniqueTag();
    const existing = await buildUser(ctx.db.kysely, { name: 'Kim' });
    const joiner = `nia.joiner.${tag}@agency.example`;
    // Column names in any case and order; an unknown column is ignored.
    const csv = [
      'MAIL,displayName,givenName,surname,jobTitle,department,Active,userType,managerMail,shoeSize',
      `${joiner},Nia Joiner,Nia,Joiner,Planner,Media,Yes,Member,${existing.email},44`,
      `${existing.email.toUpperCase()},,Kim,${existing.lastName},Buyer,Finance,No,,,42`,
      'not-an-email,Nobody,,,,,,,,',
      `${joiner},Nia Again,,,,,,,,`,
      `nameless.${tag}@agency.example,,,,,,,,,`,
      `odd.${tag}@agency.example,Odd One,,,,,maybe,,,`,
    ].join('\n');

    const first = await imported(csv);
    expect(first).toMatchObject({ created: 1, updated: 1, unchanged: 0, refused: 4 });
    expect(first.rows).toEqual([
      { row: 2, mail: joiner, outcome: 'created', reason: null },
      { row: 3, mail: existing.email, outcome: 'updated', reason: expect.stringContaining('department') },
      { row: 4, mail: 'not-an-email', outcome: 'refused', reason: messages.directoryRowInvalidEmail },
      { row: 5, mail: joiner, outcome: 'refused', reason: messages.directoryRowDuplicate(2) },
      {
        row: 6,
        mail: `nameless.${tag}@agency.example`,
        outcome: 'refused',
        reason: messages.directoryRowNoName,
      },
      {
        row: 7,
        mail: `odd.${tag}@agency.example`,
        outcome: 'refused',
        reason: messages.directoryRowBadActive('maybe'),
      },
    ]);
    expect(await entry(joiner)).toMatchObject({
      displayName: 'Nia Joiner',
      jobTitle: 'Planner',
      department: 'Media',
      active: 1,
      userType: 'Member',
      managerMail: existing.email,
      managerDisplayName: existing.displayName,
    });
    // A leaver by CSV: active No disables the entry; the display name column left empty keeps the name.
    expect(await entry(existing.email)).toMatchObject({
      active: 0,
      department: 'Finance',
      jobTitle: 'Buyer',
      displayName: `Kim ${existing.lastName}`,
    });

    const again = await imported(csv);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 4 });
  });

  it('leaves a column the file does not carry as it was', async () => {
    const person = await buildUser(ctx.db.kysely, { name: 'Lou', managerEmail: 'boss@agency.example' });
    const result = await imported(`mail,jobTitle\n${person.email},Analyst\n`);
    expect(result.rows).toEqual([{ row: 2, mail: person.email, outcome: 'updated', reason: 'jobTitle' }]);
    expect(await entry(person.email)).toMatchObject({
      jobTitle: 'Analyst',
      displayName: person.displayName,
      active: 1,
      managerMail: 'boss@agency.example',
    });
  });

  it('refuses a file that is not .csv, or whose header has no mail column', async () => {
    const notCsv = await upload('mail\nx@agency.example\n', 'people.xlsx');
    expect(notCsv.statusCode).toBe(422);
    expect(notCsv.json()).toMatchObject({ message: messages.directoryFileNotCsv });
    const noMail = await upload('email,displayName\nx@agency.example,X\n');
    expect(noMail.statusCode).toBe(422);
    expect(noMail.json()).toMatchObject({ message: messages.directoryFileMissingMail });
  });
});

describe('npm run directory:import', () => {
  it('imports a file from the command line and prints a line per row', async () => {
    const tag = uniqueTag();
    const file = path.join(os.tmpdir(), `directory-${tag}.csv`);
    fs.writeFileSync(file, `mail,displayName\ncli.${tag}@agency.example,Cli User\nbad,Bad\n`);
    const cli = path.resolve(import.meta.dirname, '../src/directory/import-cli.ts');
    const run = promisify(execFile);
    const outcome = await run('npx', ['tsx', cli, file], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    }).catch((error: { code: number; stdout: string }) => error);
    fs.rmSync(file);
    expect(outcome).toMatchObject({ code: 2 });
    expect(outcome.stdout).toContain(`row 2\tcreated\tcli.${tag}@agency.example`);
    expect(outcome.stdout).toContain(`row 3\trefused\tbad\t${messages.directoryRowInvalidEmail}`);
    expect(outcome.stdout).toContain('1 created, 0 updated, 0 unchanged, 1 refused');
    expect(await entry(`cli.${tag}@agency.example`)).toMatchObject({ displayName: 'Cli User', active: 1 });
  }, 60_000);
});
