import { nowIso, type Executor } from '../../db/connection.ts';
import { sameText } from './item-queries.ts';

// The statements of the client and client asset saves and updates (write-clients.ts).

/** Codes held by the active clients of the platform at the agency, but `exceptClientId`'s. */
export function findCodesOfClients(
  q: Executor,
  o: { platformId: number; agencyId: number; exceptClientId: number | null },
) {
  return q
    .selectFrom('clientCodes as cc')
    .innerJoin('clients as c', 'c.clientId', 'cc.clientId')
    .select('cc.code')
    .where('c.platformId', '=', o.platformId)
    .where('c.agencyId', '=', o.agencyId)
    .where('cc.isDeleted', '=', 0)
    .$if(o.exceptClientId !== null, (b) => b.where('c.clientId', '!=', o.exceptClientId ?? 0))
    .execute();
}

/** A client of that name of the platform at the agency, other than `exceptId`, if any. */
export function findClientNamed(
  q: Executor,
  o: { agencyId: number; platformId: number; description: string; exceptId?: number },
) {
  return q
    .selectFrom('clients')
    .select('clientId')
    .where('agencyId', '=', o.agencyId)
    .where('platformId', '=', o.platformId)
    .where(sameText('description', o.description))
    .where('clientId', '!=', o.exceptId ?? 0)
    .executeTakeFirst();
}

/** A new client with its codes. */
export async function insertClient(
  q: Executor,
  client: { platformId: number; agencyId: number; description: string },
  codes: readonly string[],
): Promise<number> {
  const { clientId } = await q
    .insertInto('clients')
    .values(client)
    .returning('clientId')
    .executeTakeFirstOrThrow();
  await q
    .insertInto('clientCodes')
    .values(codes.map((code) => ({ clientId, code, isDeleted: 0, isSystemRecord: 0 })))
    .execute();
  return clientId;
}

export function findCodesOfClient(q: Executor, clientId: number) {
  return q
    .selectFrom('clientCodes')
    .select(['clientCodeId', 'code'])
    .where('clientId', '=', clientId)
    .execute();
}

export async function insertClientCode(
  q: Executor,
  code: { clientId: number; code: string; isDeleted: boolean },
): Promise<void> {
  await q
    .insertInto('clientCodes')
    .values({
      clientId: code.clientId,
      code: code.code,
      isDeleted: code.isDeleted ? 1 : 0,
      isSystemRecord: 0,
    })
    .execute();
}

/** How many request lines name the client code. */
export async function countRequestsOfClientCode(q: Executor, clientCodeId: number): Promise<number> {
  const used = await q
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('clientCodeId', '=', clientCodeId)
    .executeTakeFirst();
  return Number(used?.count ?? 0);
}

export async function deleteClientCode(q: Executor, clientCodeId: number): Promise<void> {
  await q.deleteFrom('clientCodes').where('clientCodeId', '=', clientCodeId).execute();
}

export async function updateClientCode(
  q: Executor,
  clientCodeId: number,
  change: { code: string; isDeleted: boolean },
): Promise<void> {
  await q
    .updateTable('clientCodes')
    .set({ code: change.code, isDeleted: change.isDeleted ? 1 : 0, updatedDate: nowIso() })
    .where('clientCodeId', '=', clientCodeId)
    .execute();
}

export async function renameClient(q: Executor, clientId: number, description: string): Promise<void> {
  await q
    .updateTable('clients')
    .set({ description, updatedDate: nowIso() })
    .where('clientId', '=', clientId)
    .execute();
}

/** The asset type, when it belongs to the client's platform. */
export function findAssetTypeOfClient(q: Executor, clientId: number, assetId: number) {
  return q
    .selectFrom('assetTypes as at')
    .innerJoin('clients as c', 'c.platformId', 'at.platformId')
    .select('at.isSystemRecord')
    .where('at.assetId', '=', assetId)
    .where('c.clientId', '=', clientId)
    .executeTakeFirst();
}

export interface ClientAccountFields {
  assetId: number;
  description: string;
  assetReference: string | null;
}

export async function insertClientAccount(
  q: Executor,
  account: ClientAccountFields & { clientId: number },
): Promise<number> {
  const { clientAccountId } = await q
    .insertInto('clientAccounts')
    .values(account)
    .returning('clientAccountId')
    .executeTakeFirstOrThrow();
  return clientAccountId;
}

export async function updateClientAccountRow(
  q: Executor,
  clientAccountId: number,
  change: ClientAccountFields,
): Promise<void> {
  await q
    .updateTable('clientAccounts')
    .set({ ...change, updatedDate: nowIso() })
    .where('clientAccountId', '=', clientAccountId)
    .execute();
}

/** A client's codes go with it when it is deleted. */
export async function deleteClientCodesOf(q: Executor, clientId: number): Promise<void> {
  await q.deleteFrom('clientCodes').where('clientId', '=', clientId).execute();
}

export async function moveClientAccount(
  q: Executor,
  clientAccountId: number,
  clientId: number,
): Promise<void> {
  await q
    .updateTable('clientAccounts')
    .set({ clientId, updatedDate: nowIso() })
    .where('clientAccountId', '=', clientAccountId)
    .execute();
}

export async function moveClient(q: Executor, clientId: number, agencyId: number): Promise<void> {
  await q
    .updateTable('clients')
    .set({ agencyId, updatedDate: nowIso() })
    .where('clientId', '=', clientId)
    .execute();
}
