import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@uap/domain';
import { findProfilesOfIdentity } from '../src/http/actor-queries.ts';
import { inTrackerScope } from '../src/modules/tracker/line-queries.ts';
import type { RequestEb } from '../src/modules/request-lines/line-query.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { buildUser, type BuiltUser } from './factories.ts';

/**
 * Whether someone away names a person delegate is read with their profile (`Actor.standsIn`),
 * and the routing of a person nobody names leaves the absences out of its statements: the
 * delegation's branches cost PostgreSQL most of a provisioner's tracker page in planning.
 * absences.test.ts proves a delegate still gets the absent person's lines.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function standsIn(person: BuiltUser): Promise<boolean> {
  const [profile] = await findProfilesOfIdentity(ctx.db, {
    email: person.email,
    issuer: 'https://issuer.test',
    subject: `sub-${person.userId}`,
    name: null,
  });
  return profile!.standsIn;
}

async function absence(absent: BuiltUser, delegate: BuiltUser, from: number, to: number, isDeleted = 0) {
  await ctx.db.kysely
    .insertInto('absences')
    .values({
      userId: absent.userId,
      delegateId: delegate.userId,
      fromDate: at(from),
      toDate: at(to),
      isDeleted,
    })
    .execute();
}

describe('a person standing in for someone away', () => {
  it('is known with the profile only while a live absence names them', async () => {
    const k = ctx.db.kysely;
    const away = await buildUser(k, { roleId: Role.PROVISIONER });
    const delegate = await buildUser(k, { roleId: Role.PROVISIONER });
    expect(await standsIn(delegate)).toBe(false);

    // Ended, not begun, withdrawn: none of them names the delegate now.
    await absence(away, delegate, -2 * DAY, -DAY);
    await absence(away, delegate, DAY, 2 * DAY);
    await absence(away, delegate, -DAY, DAY, 1);
    expect(await standsIn(delegate)).toBe(false);
    // The absent person is not a delegate of their own absence.
    await absence(away, delegate, -DAY, DAY);
    expect(await standsIn(delegate)).toBe(true);
    expect(await standsIn(away)).toBe(false);
  });

  it('leaves the absences out of the routing of someone nobody names, and keeps them otherwise', () => {
    const sqlOf = (standsIn: boolean | undefined) =>
      ctx.db.kysely
        .selectFrom('requests as r')
        .select('r.requestId')
        .where((eb) => inTrackerScope(eb as unknown as RequestEb, { kind: 'routed', userId: 7, standsIn }))
        .compile().sql;
    expect(sqlOf(false)).not.toContain('absences');
    expect(sqlOf(true)).toContain('absences');
    // An actor built without the profile's answer (a job, a test) reads them as before.
    expect(sqlOf(undefined)).toContain('absences');
  });
});
