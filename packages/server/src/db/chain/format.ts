import crypto from 'node:crypto';

/**
 * What the audit chain covers and how a row becomes a hash (format 1).
 *
 * Each chained table names the columns its hash covers, in a fixed order. A row's hash is the
 * SHA-256 of `[table, ...values]` as JSON, every non-null value as a string (so an integer read
 * back as 7 on one engine and '7' on another hashes the same, and a JSON column hashes its text).
 * An entry's link is the SHA-256 of the previous entry's link, the entry's place in the chain
 * (seq, table, row id) and the row's hash: change a row, drop an entry or swap two, and every
 * link from there on no longer matches.
 *
 * Never edit a column list of a landed table: rows already chained would stop matching. A new
 * column becomes part of the hash through a new format.
 */
export const CHAINED_TABLES = {
  request_history: [
    'id',
    'request_id',
    'status_id',
    'request_type_id',
    'step_description',
    'change_desc',
    'comments',
    'approver_comment',
    'provisioner_comment',
    'created_by',
    'created_date',
    'before',
    'after',
    'on_behalf_of',
  ],
  user_profile_logs: ['id', 'user_id', 'changed_by', 'changed_date', 'before', 'after'],
  user_additional_email_logs: [
    'id',
    'user_id',
    'operation',
    'old_email',
    'new_email',
    'changed_by',
    'changed_date',
  ],
  master_data_logs: [
    'id',
    'master_data_type',
    'item_id',
    'operation',
    'description',
    'operation_date',
    'operated_by',
    'before',
    'after',
  ],
  user_merges: [
    'id',
    'parent_user_id',
    'child_user_id',
    'merged_date',
    'merged_by',
    'unmerged_date',
    'unmerged_by',
    'child_parent_guid',
    'child_role_id',
  ],
  user_merge_moves: ['id', 'merge_id', 'table_name', 'column_name', 'row_id', 'action'],
  record_changes: ['id', 'table_name', 'row_id', 'operation', 'row_data', 'changed_date'],
} as const satisfies Record<string, readonly string[]>;

export type ChainedTable = keyof typeof CHAINED_TABLES;
export const chainedTables = Object.keys(CHAINED_TABLES) as ChainedTable[];

export const isChainedTable = (name: string): name is ChainedTable => name in CHAINED_TABLES;

/** The link before the first entry. */
export const GENESIS = Buffer.alloc(32);

const sha256 = () => crypto.createHash('sha256');

/** A column value as the hash reads it: null, or its text (objects, from a jsonb column, as JSON). */
function canonicalValue(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** The hash of a row's covered columns, read in the table's column order (`values`). */
export function rowHash(table: ChainedTable, values: readonly unknown[]): Buffer {
  return sha256()
    .update(JSON.stringify([table, ...values.map(canonicalValue)]))
    .digest();
}

/** The link of entry `seq`: what it chains after (`previous`), where it sits and its row's hash. */
export function linkHash(
  previous: Uint8Array,
  seq: number,
  table: string,
  rowId: number,
  hash: Uint8Array,
): Buffer {
  return sha256().update(previous).update(`\n${seq}\n${table}\n${rowId}\n`).update(hash).digest();
}

/** A hash column as read: a Buffer, or the Uint8Array a worker thread hands over. */
export const asBuffer = (value: Uint8Array): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
