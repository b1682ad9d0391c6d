import { messages, type MasterDataType } from '@uap/domain';
import { inTransaction, type Db, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { locate, nowhere, snapshot, type Location } from './item-queries.ts';
import { writeLog, type LogItem } from './log-queries.ts';
import {
  mayWriteGlobal,
  mayWriteMarket,
  mayWriteRegion,
  platformsWritable,
  requireScope,
  writeScopeOf,
  type WriteScope,
} from './scope.ts';

/** What the master data saves and updates (write-*.ts) share: found, scope, transaction, log rows. */

/** The item's location, or 404. */
export async function found(q: Executor, type: MasterDataType, id: number): Promise<Location> {
  const at = await locate(q, type, id);
  if (!at) {
    throw notFound();
  }
  return at;
}

/** 404/403 unless the caller may change the item at `at` (scope.ts). */
export async function requireWritable(q: Executor, scope: WriteScope, type: MasterDataType, at: Location) {
  switch (type) {
    case 'Region':
    case 'Account Ownership':
      return requireScope(mayWriteGlobal(scope), type);
    case 'Market':
      return requireScope(mayWriteRegion(scope, at.regionId), type);
    case 'Platform User Type':
      return requireWholePlatform(q, scope, at.platformId ?? 0, type);
    case 'Agency':
    case 'Practice':
    case 'Platform':
    case 'Client - Client Code':
    case 'Client Asset':
      return requireScope(mayWriteMarket(scope, at.regionId, at.marketId), type);
  }
}

/** Every agency offering the platform lies in the scope: it (and its user types) may be reshaped. */
export async function requireWholePlatform(
  q: Executor,
  scope: WriteScope,
  platformId: number,
  type: 'Platform' | 'Platform User Type',
) {
  const writable = await platformsWritable(q, scope, [platformId]);
  requireScope(writable.get(platformId) ?? false, type);
}

/**
 * A unit of work several writes share (the spreadsheet upload): its transaction and the caller's
 * write scope, read once. A write given one runs inside it instead of opening its own.
 */
export interface WriteBatch {
  trx: Executor;
  scope: WriteScope;
}

/** Where a write runs: the database (its own transaction) or a batch's transaction. */
export type WriteTarget = Db | WriteBatch;

const isBatch = (target: WriteTarget): target is WriteBatch => 'trx' in target;

/** Runs a write in one transaction with its log rows; returns its result and message. */
export async function write<T>(
  db: WriteTarget,
  actor: Actor,
  work: (trx: Executor, scope: WriteScope) => Promise<{ result: T; log: LogItem[] }>,
): Promise<T> {
  const run = async (trx: Executor, scope: WriteScope) => {
    const { result, log } = await work(trx, scope);
    await writeLog(trx, actor.userId, log);
    return result;
  };
  if (isBatch(db)) {
    return run(db.trx, db.scope);
  }
  return inTransaction(db, async (trx) => run(trx, await writeScopeOf(trx, actor)));
}

/** A save of one new item (saveItem): where it goes, its name and how it is made. */
export interface ItemSave<T> {
  type: MasterDataType;
  name: string;
  /** Where it is added (404 unless that exists); none for what spans every market. */
  under?: (trx: Executor) => Promise<Location>;
  /** Its refusals (422), before its name is looked at. */
  check?: (trx: Executor) => Promise<void>;
  /** An item of the type with its name under the same parent, if any (422). */
  taken?: (trx: Executor) => Promise<unknown>;
  /** Makes it; its id. */
  insert: (trx: Executor) => Promise<number>;
  result: (id: number) => T;
}

/**
 * A save of one new item: 404 unless where it goes is found, 403 unless the caller may add an
 * item of its type there, 422 when a check refuses or its name is taken, then it is made, logged
 * Created with the item as saved.
 */
export function saveItem<T>(db: WriteTarget, actor: Actor, save: ItemSave<T>): Promise<T> {
  const { type, name } = save;
  return write(db, actor, async (trx, scope) => {
    await requireWritable(trx, scope, type, save.under ? await save.under(trx) : nowhere);
    await save.check?.(trx);
    if (save.taken && (await save.taken(trx))) {
      throw exists(type, name);
    }
    const id = await save.insert(trx);
    return { result: save.result(id), log: [await createdAsSaved(trx, type, id, name)] };
  });
}

/** An update of one item (updateItem): the item, its new name and what is done once it may change. */
export interface ItemUpdate<T> {
  type: MasterDataType;
  id: number;
  name: string;
  /** Its refusals (422) for the item at `at`, before its name is looked at. */
  check?: (trx: Executor, at: Location) => Promise<void>;
  /** Another item of the type with the new name under the same parent, if any (422). */
  taken?: (trx: Executor, at: Location) => Promise<unknown>;
  /** The change itself. */
  change: (trx: Executor) => Promise<unknown>;
  result: T;
}

/**
 * An update of one item: 404 unless found, 403 unless the caller may change it, 422 when a check refuses
 * or its name is taken, then its change, logged Updated with the item before and after.
 */
export function updateItem<T>(db: WriteTarget, actor: Actor, update: ItemUpdate<T>): Promise<T> {
  const { type, id, name } = update;
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, type, id);
    await requireWritable(trx, scope, type, at);
    await update.check?.(trx, at);
    if (update.taken && (await update.taken(trx, at))) {
      throw exists(type, name);
    }
    const before = await snapshot(trx, type, id);
    await update.change(trx);
    const after = await snapshot(trx, type, id);
    return { result: update.result, log: [updated(type, id, name, before, after)] };
  });
}

/** An update of what several agencies offer (updateOffered): a practice or a platform. */
export interface OfferedUpdate<T> {
  type: 'Practice' | 'Platform';
  name: string;
  /** Its id: 404 unless it exists, 403 unless the caller may change it wherever it is offered. */
  find: (trx: Executor, scope: WriteScope) => Promise<number>;
  /** Another one with the new name, if any (422). */
  taken: (trx: Executor, id: number) => Promise<unknown>;
  /** Its state, as logged before and after. */
  read: (trx: Executor, id: number) => Promise<unknown>;
  change: (trx: Executor, id: number) => Promise<unknown>;
  /** The ids of its offers: each gets an Updated log row. */
  offers: (trx: Executor, id: number) => Promise<number[]>;
  result: (id: number) => T;
}

/** An update of what several agencies offer: one change, logged Updated for each agency offering it. */
export function updateOffered<T>(db: WriteTarget, actor: Actor, update: OfferedUpdate<T>): Promise<T> {
  const { type, name } = update;
  return write(db, actor, async (trx, scope) => {
    const id = await update.find(trx, scope);
    if (await update.taken(trx, id)) {
      throw exists(type, name);
    }
    const before = await update.read(trx, id);
    await update.change(trx, id);
    const after = await update.read(trx, id);
    const offers = await update.offers(trx, id);
    return {
      result: update.result(id),
      log: offers.map((offer) => updated(type, offer, name, before, after)),
    };
  });
}

/** 422: an item of that type and name already exists under the same parent. */
export const exists = (type: string, name: string) => unprocessable(messages.masterDataExists(type, name));
/** The Created log row of an item. */
export const created = (type: MasterDataType, itemId: number, name: string, after: unknown): LogItem => ({
  type,
  itemId,
  operation: 'Created',
  description: `${type} ${name} created`,
  before: null,
  after,
});
/** The Created log row with the item as it now stands in the database. */
export const createdAsSaved = async (q: Executor, type: MasterDataType, itemId: number, name: string) =>
  created(type, itemId, name, await snapshot(q, type, itemId));
/** The Updated log row of an item, with its state before and after. */
export const updated = (
  type: MasterDataType,
  itemId: number,
  name: string,
  before: unknown,
  after: unknown,
): LogItem => ({
  type,
  itemId,
  operation: 'Updated',
  description: `${type} ${name} updated`,
  before,
  after,
});
