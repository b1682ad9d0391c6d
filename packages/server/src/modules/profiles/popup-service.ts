import type {
  AdditionalEmailsPage,
  AdditionalEmailsQuery,
  PopupUser,
  UsersForPopupPage,
  UsersForPopupQuery,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { adminScopeOf, reachesPersons } from '../../http/admin-scope.ts';
import * as q from './popup-queries.ts';

function presentPopupUser(row: q.PopupUserDbRow, isInScope: boolean): PopupUser {
  return {
    userId: row.userId,
    name: row.name,
    lastName: row.lastName,
    email: row.email,
    isInternal: row.isInternal === 1,
    userType: row.isInternal === 1 ? 'Internal' : 'External',
    roleId: row.roleId,
    roleName: row.roleName,
    title: row.title,
    organization: row.organization,
    department: row.department,
    locationCountry: row.locationCountry,
    officeNumber: row.officeNumber,
    employeeId: row.employeeId,
    parentGUID: row.parentGuid,
    childGUID: row.childGuid,
    isChild: row.isChild === 1 && row.mergedUserId !== null,
    mergedUserId: row.mergedUserId,
    isDeleted: row.isDeleted === 1,
    createdDate: row.createdDate,
    isInScope,
  };
}

/**
 * GET api/User/GetAllUsersforpopup: one page of the profiles the user-details popup lists. Every
 * profile is listed, as All User Profiles lists them to administrators; each says whether the
 * caller may change that person (an administrator only those wholly inside her scope).
 */
export async function findUsersForPopup(
  db: Db,
  actor: Actor,
  query: UsersForPopupQuery,
): Promise<UsersForPopupPage> {
  adminScopeOf(actor, 'read');
  const { rows, totalCount } = await q.findPopupUserPage(db, query);
  const reached = await reachesPersons(
    db.kysely,
    actor,
    rows.map((r) => r.userId),
  );
  return {
    users: rows.map((r) => presentPopupUser(r, reached.has(r.userId))),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}

/**
 * GET api/User/GetAllAdditionalEmails: one page of the additional emails, active and deactivated,
 * readable by whoever reads All User Profiles (which shows the active ones of every profile).
 */
export async function findAdditionalEmails(
  db: Db,
  actor: Actor,
  query: AdditionalEmailsQuery,
): Promise<AdditionalEmailsPage> {
  adminScopeOf(actor, 'read');
  const { rows, totalCount } = await q.findAdditionalEmailPage(db, query);
  return {
    emails: rows.map((r) => ({ id: r.id, email: r.email, isDeleted: r.isDeleted === 1, userId: r.userId })),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}
