import {
  approverAssignmentInput,
  bulkDateFormat,
  bulkTemplateColumns,
  createRequestInput,
  messages,
  saveMasterApproverInput,
  type ApproverAssignmentInput,
  type BulkUploadType,
  type CreateRequestInput,
  type MasterApproverPath,
} from '@uap/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { lookups, findManagerOf } from './queries.ts';

/**
 * A CSV row turned into the input of the screen that makes the same thing: names and emails
 * are looked up (an unknown one refuses the row), then the input is parsed by that screen's
 * own schema; the service's checks come after, in the service.
 */

/** A row's cells by template column, the header's '*' and case ignored. */
export type Cells = Record<string, string>;

/** The header cell as a key: 'Start Date (MM-DD-YYYY) *' and 'start date' are the same column. */
export const columnKey = (header: string) =>
  header
    .replace(/\*/g, '')
    .replace(/\([^)]*\)/g, '')
    .trim()
    .toLowerCase();

/** Whether a row is the template's example row left as it is (every cell as the example's). */
export const isExampleRow = (type: BulkUploadType, cells: Cells) =>
  bulkTemplateColumns[type].every((c) => (cells[columnKey(c.name)] ?? '').trim() === c.example);

/** The template's required columns that a header lacks. */
export function missingColumns(type: BulkUploadType, header: readonly string[]): string[] {
  const present = new Set(header.map(columnKey));
  return bulkTemplateColumns[type]
    .filter((c) => c.isRequired && !present.has(columnKey(c.name)))
    .map((c) => c.name);
}

/** The cells in template order (what a refused row's export gives back). */
export const cellsInOrder = (type: BulkUploadType, cells: Cells) =>
  bulkTemplateColumns[type].map((c) => cells[columnKey(c.name)] ?? '');

export class Refusal extends Error {}

/** Name → id lookups of one upload, each asked once (a file repeats its paths). */
export class Resolver {
  private readonly cache = new Map<string, number | null>();
  constructor(private readonly db: Db) {}

  private async one(
    key: string,
    query: () => { executeTakeFirst: () => Promise<{ id: number } | undefined> },
  ): Promise<number | null> {
    if (!this.cache.has(key)) {
      this.cache.set(key, (await query().executeTakeFirst())?.id ?? null);
    }
    return this.cache.get(key)!;
  }

  /** The id of a required name (refused when blank or unknown). */
  private async required(
    column: string,
    value: string | undefined,
    key: string,
    query: (name: string) => { executeTakeFirst: () => Promise<{ id: number } | undefined> },
  ): Promise<number> {
    const name = (value ?? '').trim();
    if (name === '') {
      throw new Refusal(messages.bulkRowRequired([column]));
    }
    const id = await this.one(`${key}|${name.toLowerCase()}`, () => query(name));
    if (id === null) {
      throw new Refusal(messages.bulkRowUnknown(column, name));
    }
    return id;
  }

  /** The path's levels down to the practice, and the platform when asked. */
  async path(cells: Cells, withPlatform: boolean) {
    const db = this.db;
    const regionId = await this.required('Region', cells.region, 'region', (n) => lookups.region(db, n));
    const marketId = await this.required('Market', cells.market, `market|${regionId}`, (n) =>
      lookups.market(db, regionId, n),
    );
    const agencyId = await this.required('Agency', cells.agency, `agency|${marketId}`, (n) =>
      lookups.agency(db, marketId, n),
    );
    const practiceId = await this.required('Practice', cells.practice, `practice|${agencyId}`, (n) =>
      lookups.practice(db, agencyId, n),
    );
    const platformId = withPlatform
      ? await this.required('Platform', cells.platform, `platform|${agencyId}|${practiceId}`, (n) =>
          lookups.platform(db, agencyId, practiceId, n),
        )
      : 0;
    return { regionId, marketId, agencyId, practiceId, platformId };
  }

  person(column: string, email: string | undefined): Promise<number> {
    return this.required(column, email, 'person', (e) => lookups.person(this.db, e));
  }

  async optionalPerson(column: string, email: string | undefined): Promise<number | null> {
    return (email ?? '').trim() === '' ? null : this.person(column, email);
  }

  client(platformId: number, agencyId: number, name: string) {
    return this.required('Client', name, `client|${platformId}|${agencyId}`, (n) =>
      lookups.client(this.db, platformId, agencyId, n),
    );
  }

  clientCode(clientId: number, code: string) {
    return this.required('Client Code', code, `code|${clientId}`, (n) =>
      lookups.clientCode(this.db, clientId, n),
    );
  }

  assetType(platformId: number, name: string) {
    return this.required('Asset Type', name, `asset|${platformId}`, (n) =>
      lookups.assetType(this.db, platformId, n),
    );
  }

  clientAccount(clientId: number, assetId: number, name: string) {
    return this.required('Asset Name', name, `account|${clientId}|${assetId}`, (n) =>
      lookups.clientAccount(this.db, clientId, assetId, n),
    );
  }

  private readonly managers = new Map<
    number,
    Promise<{ managerEmail: string | null; managerName: string | null } | undefined>
  >();

  /** The person's manager on the directory (asked once per person and upload). */
  manager(userId: number) {
    let manager = this.managers.get(userId);
    if (!manager) {
      manager = findManagerOf(this.db, userId);
      this.managers.set(userId, manager);
    }
    return manager;
  }

  platformUserType(platformId: number, assetId: number | null, name: string | undefined) {
    return this.required('Platform User Type', name, `type|${platformId}|${assetId ?? ''}`, (n) =>
      lookups.platformUserType(this.db, platformId, assetId, n),
    );
  }
}

/** The first message of a schema's refusal (the screen shows the same one). */
function parsed<T>(schema: z.ZodType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new Refusal(result.error.issues[0]?.message ?? messages.invalidInput);
  }
  return result.data;
}

/** A day as the wizard sends it (YYYY-MM-DD); MM-DD-YYYY as the screens show dates is read too. */
function day(value: string | undefined, column: string): string | null {
  const v = (value ?? '').trim();
  if (v === '') {
    return null;
  }
  const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(v);
  if (us) {
    return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    return v;
  }
  throw new Refusal(messages.bulkRowDate(column, bulkDateFormat));
}

const isYes = (value: string | undefined) =>
  ['yes', 'y', 'true', '1'].includes((value ?? '').trim().toLowerCase());

/** A User Records row as the wizard's Create payload (one account row). */
export async function userRecordInput(resolver: Resolver, db: Db, cells: Cells): Promise<CreateRequestInput> {
  const userId = await resolver.person('User Email', cells['user email']);
  const path = await resolver.path(cells, true);
  const clientName = (cells.client ?? '').trim();
  const clientId = clientName ? await resolver.client(path.platformId, path.agencyId, clientName) : null;
  const code = (cells['client code'] ?? '').trim();
  const clientCodeId = clientId && code ? await resolver.clientCode(clientId, code) : null;
  const assetName = (cells['asset type'] ?? '').trim();
  const isPlatformRequest = assetName === '';
  const assetId = isPlatformRequest ? null : await resolver.assetType(path.platformId, assetName);
  const accountName = (cells['asset name'] ?? '').trim();
  const accountIds =
    assetId !== null && accountName !== ''
      ? [await resolver.clientAccount(clientId ?? 0, assetId, accountName)]
      : [];
  const platformUserTypeId = await resolver.platformUserType(
    path.platformId,
    assetId,
    cells['platform user type'],
  );
  const beginning = day(cells['start date'], 'Start Date');
  const expiration = day(cells['end date'], 'End Date');
  const manager = await resolver.manager(userId);
  const managerEmail = (cells['manager email'] ?? '').trim() || manager?.managerEmail || null;
  const managerName = (cells['manager name'] ?? '').trim() || manager?.managerName || null;
  return parsed(createRequestInput, {
    UserId: userId,
    Email: ((cells['platform email'] ?? '').trim() || (cells['user email'] ?? '')).trim().toLowerCase(),
    RegionId: path.regionId,
    MarketId: path.marketId,
    AgencyId: path.agencyId,
    PracticeId: path.practiceId,
    PlatformId: path.platformId,
    ClientId: isPlatformRequest ? null : clientId,
    ClientCodeId: isPlatformRequest ? null : clientCodeId,
    Comments: cells.comments ?? '',
    IsUrgent: isYes(cells.urgent),
    ManagerEmail: managerEmail,
    ManagerName: managerName,
    isPlaformRequest: isPlatformRequest,
    RequestAccountAccess: [
      {
        AssetId: assetId,
        PlatformUserTypeId: platformUserTypeId,
        ClientAccountsIds: accountIds,
        isUnlimitedAccess: beginning === null && expiration === null,
        BeginningDate: beginning,
        ExpirationDate: expiration,
      },
    ],
  });
}

/** An Approvers/Provisioners row as the Approve/Provision Assignments screen's input. */
export async function approverInput(resolver: Resolver, cells: Cells): Promise<ApproverAssignmentInput> {
  const path = await resolver.path(cells, true);
  const clientName = (cells.client ?? '').trim();
  return parsed(approverAssignmentInput, {
    ...path,
    clientId: clientName ? await resolver.client(path.platformId, path.agencyId, clientName) : null,
    userId: await resolver.person('Primary Approver Email', cells['primary approver email']),
    secondaryApproverId: await resolver.optionalPerson(
      'Secondary Approver Email',
      cells['secondary approver email'],
    ),
    provisionerId: await resolver.optionalPerson(
      'Primary Provisioner Email',
      cells['primary provisioner email'],
    ),
    provisionerBackupId: await resolver.optionalPerson(
      'Backup Provisioner Email',
      cells['backup provisioner email'],
    ),
  });
}

/** A Master Approvers row as the Master Approvers screen's input. */
export async function masterApproverInput(resolver: Resolver, cells: Cells): Promise<MasterApproverPath> {
  const { platformId: _none, ...path } = await resolver.path(cells, false);
  return parsed(saveMasterApproverInput, {
    ...path,
    userId: await resolver.person('Master Approver Email', cells['master approver email']),
  });
}
