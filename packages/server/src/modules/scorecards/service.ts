import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  Role,
  SCORECARD_EXPIRING_DAYS,
  SCORECARD_TIMES_WINDOW_DAYS,
  isAdministratorUserType,
  messages,
  scorecardCardKeys,
  scorecardCards,
  type Scorecard,
  type ScorecardAgency,
  type ScorecardCardKey,
  type ScorecardList,
} from '@uap/domain';
import type { Db } from '../../db/connection.ts';
import { neutraliseCell } from '../../db/csv-text.ts';
import type { Actor } from '../../http/actor.ts';
import { rowScopeOf } from '../../http/row-scope.ts';
import { forbidden } from '../../http/errors.ts';
import * as q from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the caller reads the cards: administrators (inside their region/market rows) and super
 * administrators every card; the auditor none (the spec names admins and master approvers);
 * anyone else the cards of the practices they are an active master approver of, over the lines
 * of their own master approver rows.
 */
async function accessOf(db: Db, actor: Actor): Promise<(card: ScorecardCardKey) => q.ScorecardScope | null> {
  if (actor.roleId === Role.AUDITOR) {
    return () => null;
  }
  const scope = rowScopeOf(actor);
  if (scope.kind === 'all' || scope.kind === 'admin') {
    return () => scope;
  }
  const practices = await q.masterApproverPractices(db.kysely, actor.userId);
  return (card) => {
    const { practice } = scorecardCards[card];
    return practices.includes(practice) ? { kind: 'masterApprover', userId: actor.userId, practice } : null;
  };}

/** The cards the caller may open; none at all is 403. */
export async function listScorecards(db: Db, actor: Actor): Promise<ScorecardList> {
  const scopeOf = await accessOf(db, actor);
  const cards = scorecardCardKeys
    .filter((card) => scopeOf(card) !== null)
    .map((card) => ({ card, title: scorecardCards[card].title, practice: scorecardCards[card].practice }));
  if (cards.length === 0) {
    throw forbidden(messages.scorecardsNotYours);
  }
  return { cards };
}

/** One card's numbers per agency, in agency name order. A card the caller may not read is 403. */
export async function findScorecard(
  db: Db,
  actor: Actor,
  card: ScorecardCardKey,
  now: Date = new Date(),
): Promise<Scorecard> {
  const definition = scorecardCards[card];
  const scope = (await accessOf(db, actor))(card);
  if (!scope) {
    throw forbidden(messages.scorecardNotYours(definition.title, definition.practice));
  }
  const k = db.kysely;
  const at = now.toISOString();
  const base = {
    card,
    title: definition.title,
    practice: definition.practice,
    generatedAt: at,
    expiringDays: SCORECARD_EXPIRING_DAYS,
    timesWindowDays: SCORECARD_TIMES_WINDOW_DAYS,
  };
  const platformIds = await q.platformIdsNamed(k, definition.platform);
  if (platformIds.length === 0) {
    return { ...base, agencies: [] };
  }
  const adminBasicNames = (await q.basicNames(k)).filter(isAdministratorUserType);
  const until = new Date(now.getTime() + SCORECARD_EXPIRING_DAYS * DAY_MS).toISOString();
  const since = new Date(now.getTime() - SCORECARD_TIMES_WINDOW_DAYS * DAY_MS).toISOString();
  const [types, access, leavers, pending, pendingAge, approval, provisioning] = await Promise.all([
    q.usersByType(k, platformIds, scope),
    q.activeAccess(k, platformIds, scope, { adminBasicNames, now: at, until }),
    q.leaversHoldingAccess(k, platformIds, scope),
    q.pendingLines(k, platformIds, scope),
    q.medianPendingHours(k, db.dialect, platformIds, scope, at),
    q.medianStepHours(k, db.dialect, platformIds, scope, since, 'approval'),
    q.medianStepHours(k, db.dialect, platformIds, scope, since, 'provisioning'),
  ]);
  const agencyIds = [
    ...new Set([...access, ...pending, ...approval, ...provisioning].map((r) => r.agencyId)),
  ];
  if (agencyIds.length === 0) {
    return { ...base, agencies: [] };
  }
  const byAgency = <T extends { agencyId: number }>(rows: T[]) => new Map(rows.map((r) => [r.agencyId, r]));
  const accessOfAgency = byAgency(access);
  const leaversOfAgency = byAgency(leavers);
  const pendingOfAgency = byAgency(pending);
  const pendingAgeOfAgency = byAgency(pendingAge);
  const approvalOfAgency = byAgency(approval);
  const provisioningOfAgency = byAgency(provisioning);
  const names = await q.agencyNames(k, agencyIds);
  const agencies = names.map((name): ScorecardAgency => {
    const a = accessOfAgency.get(name.agencyId);
    const p = pendingOfAgency.get(name.agencyId);
    const activeUsers = a?.activeUsers ?? 0;
    const administratorLevelUsers = a?.administratorLevelUsers ?? 0;
    const pendingHours = pendingAgeOfAgency.get(name.agencyId)?.median;
    return {
      ...name,
      activeUsers,
      userTypes: types
        .filter((t) => t.agencyId === name.agencyId)
        .map((t) => ({
          basicName: t.basicName,
          isAdministratorLevel: isAdministratorUserType(t.basicName),
          users: t.users,
        }))
        .sort((x, y) => y.users - x.users || x.basicName.localeCompare(y.basicName)),
      administratorLevelUsers,
      administratorLevelShare: activeUsers === 0 ? 0 : administratorLevelUsers / activeUsers,
      externalUsers: a?.externalUsers ?? 0,
      expiringRecords: a?.expiringRecords ?? 0,
      leavers: leaversOfAgency.get(name.agencyId)?.leavers ?? 0,
      pendingRequests: p?.pendingRequests ?? 0,
      oldestPendingDays: p ? (now.getTime() - Date.parse(p.oldestCreatedDate)) / DAY_MS : null,
      medianPendingDays: pendingHours === undefined ? null : pendingHours / 24,
      medianApprovalHours: approvalOfAgency.get(name.agencyId)?.median ?? null,
      medianProvisioningHours: provisioningOfAgency.get(name.agencyId)?.median ?? null,
    };
  });
  agencies.sort((x, y) => x.agency.localeCompare(y.agency) || x.agencyId - y.agencyId);
  return { ...base, agencies };
}

const oneDecimal = (value: number | null) => (value === null ? '' : value.toFixed(1));

/**
 * A card as CSV: one row per agency with every number, then one column per user type (distinct
 * users; an administrator-level type is marked in its header, not by colour).
 */
export async function exportScorecard(db: Db, actor: Actor, card: ScorecardCardKey): Promise<Readable> {
  const scorecard = await findScorecard(db, actor, card);
  const typeNames = [...new Set(scorecard.agencies.flatMap((a) => a.userTypes.map((t) => t.basicName)))].sort(
    (x, y) => x.localeCompare(y),
  );
  const header = [
    'Region',
    'Market',
    'Agency',
    'Active users',
    'Administrator-level users',
    'Administrator-level share (%)',
    'External users',
    `Access expiring in ${scorecard.expiringDays} days`,
    'Leavers holding access',
    'Pending requests',
    'Oldest pending (days)',
    'Median pending age (days)',
    `Median approval time (hours, last ${scorecard.timesWindowDays} days)`,
    `Median provisioning time (hours, last ${scorecard.timesWindowDays} days)`,
    ...typeNames.map((t) => `Users: ${t}${isAdministratorUserType(t) ? ' (administrator level)' : ''}`),
  ];
  const rows = scorecard.agencies.map((a) => [
    a.region,
    a.market,
    a.agency,
    a.activeUsers,
    a.administratorLevelUsers,
    (a.administratorLevelShare * 100).toFixed(1),
    a.externalUsers,
    a.expiringRecords,
    a.leavers,
    a.pendingRequests,
    oneDecimal(a.oldestPendingDays),
    oneDecimal(a.medianPendingDays),
    oneDecimal(a.medianApprovalHours),
    oneDecimal(a.medianProvisioningHours),
    ...typeNames.map((t) => a.userTypes.find((u) => u.basicName === t)?.users ?? 0),
  ]);
  const cells = [header, ...rows].map((row) => row.map((cell) => neutraliseCell(String(cell))));
  return Readable.from([`\uFEFF${stringify(cells)}`]);
}
