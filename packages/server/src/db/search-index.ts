import { sql, type Expression, type SqlBool } from 'kysely';
import { placeNameColumns } from '@uap/domain';
import type { Dialect } from './connection.ts';
import { likePattern, type SearchIndex } from './table-query.ts';

/**
 * The search index of the request lines (migration 0012): one document per line with the
 * request id and every name a request table shows, kept current by triggers in the writing
 * transaction. A table whose spec names this index searches it instead of scanning its joined
 * columns; the searchable columns it does not cover (free-text comments, the approver's name)
 * are still matched with LIKE.
 *
 * What a term matches (case-insensitive, `%` and `_` literal, as the LIKE scan did):
 * - 3 characters or more: the lines whose document contains it, through the trigram index
 *   (SQLite: an FTS5 phrase; PostgreSQL: LIKE on the pg_trgm GIN index).
 * - 1 or 2 digits: the request with exactly that id (every id contains a digit, so `contains`
 *   would match nearly every line).
 * - any other 1 or 2 characters: a trigram cannot hold them, so the documents are scanned —
 *   one table without joins, correct but not indexed (about a second on a million lines).
 */

/** The request-table column keys whose text the document holds. */
const covered = [
  'requestId',
  'status',
  'requestTypeName',
  'requestUserName',
  'requestUserEmail',
  'email',
  'createdByName',
  ...placeNameColumns,
  'clientCodeName',
  'assetName',
  'clientAccountName',
  'assetReference',
  'platformUserTypeName',
  'platformUserTypeBasicName',
];

/** The shortest term a trigram index can look up. */
export const MIN_INDEXED_TERM = 3;

const requestId = sql.ref<number>('r.requestId');

/** An FTS5 query of the term as one phrase: the trigram tokenizer then matches it as a substring. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

export const requestSearchIndex: SearchIndex = {
  covers: new Set(covered),
  matching(dialect: Dialect, term: string): Expression<SqlBool> {
    const isShort = [...term].length < MIN_INDEXED_TERM;
    if (isShort && /^\d+$/.test(term)) {
      return sql<SqlBool>`${requestId} = ${Number(term)}`;
    }
    if (dialect === 'postgres') {
      // The document is lower-cased, as the pattern. For 3+ characters the planner reads the
      // matching ids from the trigram index. A shorter term matches no index and most documents:
      // the line's own document is tested instead (its primary key). As an IN list under an OR
      // (a task list also searches its comments), PostgreSQL rescanned the million matching ids
      // for every line, too many to hash in its work_mem: My Provisioning Tasks searched for 'a'
      // did not finish in minutes.
      return isShort
        ? sql<SqlBool>`exists (select 1 from request_search as rs where rs.request_id = ${requestId} and rs.document like ${likePattern(term)} escape '\\')`
        : sql<SqlBool>`${requestId} in (select request_id from request_search where document like ${likePattern(term)} escape '\\')`;
    }
    if (isShort) {
      return sql<SqlBool>`${requestId} in (select rowid from request_search where document like ${likePattern(term)} escape '\\')`;
    }
    return sql<SqlBool>`${requestId} in (select rowid from request_search where request_search match ${ftsPhrase(term)})`;
  },
};
