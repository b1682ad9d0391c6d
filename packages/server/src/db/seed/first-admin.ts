import { Role } from '@uap/domain';
import type { Db } from '../connection.ts';
import { chainUnchained } from '../chain/seal.ts';

/**
 * The first start of a real organisation (FIRST_SUPER_ADMIN): on a database without any profile,
 * one super administrator with that email and nothing else. They sign in through the issuer (the
 * profile is found by its email and bound to their identity) and enter the organisation: master
 * data, administrators, uploads. Their name comes from the email until the directory or a
 * profile edit gives it. Answers whether the profile was created; false when any profile exists
 * already, or another instance starting at the same moment created it.
 */
export async function seedFirstSuperAdmin(db: Db, email: string): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const anyone = await trx.selectFrom('users').select('userId').limit(1).executeTakeFirst();
    if (anyone !== undefined) {
      return false;
    }
    const local = email.split('@')[0]!;
    const created = await trx
      .insertInto('users')
      .values({
        email,
        name: local,
        lastName: '',
        isInternal: 1,
        userType: 'Member',
        roleId: Role.SUPERADMIN,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('userId')
      .executeTakeFirst();
    if (created === undefined) {
      return false;
    }
    await trx.insertInto('superAdmins').values({ userId: created.userId }).execute();
    // The trigger recorded the appointment (record_changes): chained with it.
    await chainUnchained(trx, db.dialect);
    return true;
  });
}
