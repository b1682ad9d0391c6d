import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declaredKeys,
  envelope,
  filterOptions,
  keptZoneFormatters,
  tableQuery,
  timeZoneOrUtc,
  type TableDeclaration,
  type TableQuery,
} from '@uap/domain';
import type { Db } from '../db/connection.ts';
import { csvExport, type BatchSource } from '../db/csv-export.ts';
import type { CsvColumn } from '../db/csv-text.ts';
import type { SqlTableReads } from '../db/sql-table.ts';
import {
  FILTER_OPTIONS_LIMIT,
  assertTableQuery,
  filterOptionsOf,
  type TableSpec,
} from '../db/table-query.ts';
import type { Access } from './access.ts';
import { requireActor, type Actor } from './actor.ts';
import { sendCsv } from './csv-reply.ts';
import { ok } from './envelope.ts';

/**
 * A declared table's page, `/Filters` and `/Export` endpoints, registered by one call: the
 * declaration (packages/domain/src/tables) says the columns, headers and CSV; the reader says
 * which rows the caller reaches and how they are read. Every sort and filter column is checked
 * against both before a read.
 */

/** How a table's rows are read for one caller. */
export interface TableReader<Row> {
  spec: TableSpec;
  page(
    db: Db,
    actor: Actor,
    query: TableQuery,
  ): Promise<{
    rows: Row[];
    totalCount: number;
    isCountEstimate?: boolean;
    /** More fields of the page's answer, beside its rows and counts (e.g. holdsApprover). */
    listFields?: Readonly<Record<string, unknown>>;
  }>;
  values(db: Db, actor: Actor, query: TableQuery, column: string): Promise<string[]>;
  /** The SQL columns of one call, when they follow its body (default: `spec`, which holds them all). */
  specOf?(query: TableQuery): TableSpec;
  /** The export's keyset batches, highest row id first (unless `csv` writes the file itself). */
  batches?(db: Db, actor: Actor, query: TableQuery): BatchSource<Row>;
  /**
   * The whole CSV file, for a table whose export plans its own reads (e.g. lines a read worker
   * writes): with the declaration's CSV headers, in their order, dates in `timeZone`.
   */
  csv?(db: Db, actor: Actor, query: TableQuery, timeZone: string): Promise<Readable>;
}

/**
 * A reader over a table bound to its SQL: the caller's scope decided once per call (from the
 * caller and, for a table with its own body fields, the query), every row presented.
 */
export function scopedReader<Scope, DbRow, Row>(
  reads: SqlTableReads<Scope, DbRow>,
  scopeOf: (actor: Actor, query: TableQuery) => Scope,
  present: (row: DbRow) => Row,
): TableReader<Row> {
  return {
    spec: reads.spec,
    page: async (db, actor, query) => {
      const { rows, totalCount } = await reads.page(db, scopeOf(actor, query), query);
      return { rows: rows.map(present), totalCount };
    },
    values: (db, actor, query, column) => reads.values(db, scopeOf(actor, query), query, column),
    batches: (db, actor, query) => {
      const scope = scopeOf(actor, query);
      return async (beforeId, limit) => (await reads.batch(db, scope, query, beforeId, limit)).map(present);
    },
  };
}

/** The CSV columns of a declared table, dates in the caller's zone. */
export function declaredCsvColumns<Row>(
  table: TableDeclaration<Row>,
  timeZone: string,
  query?: TableQuery,
): CsvColumn<Row>[] {
  const dates = keptZoneFormatters(timeZoneOrUtc(timeZone));
  const columns = (query && table.columnsFor?.(query)) || table.csvColumns;
  return columns.map((column) => ({
    header: column.header,
    value: (row) => column.text(row, dates),
    isTabLed: column.isTabLed,
  }));
}

/** Throws at start-up when the declaration and the SQL disagree on what sorts or filters. */
export function assertDeclarationMatches(table: TableDeclaration<never>, spec: TableSpec): void {
  for (const use of ['sort', 'filter'] as const) {
    const declared = new Set(declaredKeys(table, use));
    const bound = new Set(
      Object.entries(spec.columns)
        .filter(([, column]) => (use === 'sort' ? column.isSortable : column.isFilterable))
        .map(([key]) => key),
    );
    const unbound = [...declared].filter((key) => !bound.has(key));
    const undeclared = [...bound].filter((key) => !declared.has(key));
    if (unbound.length > 0 || undeclared.length > 0) {
      throw new Error(
        `${table.title}: ${use} columns disagree (declared only: ${unbound.join(', ') || '-'}; SQL only: ${undeclared.join(', ') || '-'})`,
      );
    }
  }
}

export interface TableRouteOptions {
  access: Access;
  /** Who may call `/Export`, when it is narrower than `access` (default: `access`). */
  exportAccess?: Access;
  tags: string[];
  /** Which rows the caller reaches, for the OpenAPI descriptions. */
  rowsRule: string;
  /** More of the page's OpenAPI description (its rows' own fields), before `rowsRule`. */
  pageDescription?: string;
}

const filterColumn = { column: z.string().min(1).max(60) };

/** PUT {path}, PUT {path}/Filters and (unless `hasExport` is false) PUT {path}/Export of a declared table. */
export function tableRoutes<Row, List>(
  base: FastifyInstance,
  db: Db,
  table: TableDeclaration<Row, List>,
  reader: TableReader<Row>,
  { access, exportAccess = access, tags, rowsRule, pageDescription }: TableRouteOptions,
): void {
  assertDeclarationMatches(table, reader.spec);
  if (table.hasExport !== false && !reader.csv && !reader.batches) {
    throw new Error(`${table.title}: an exported table's reader needs csv or batches`);
  }
  /** The SQL columns a call may sort and filter by. */
  const specOf = (query: TableQuery) => reader.specOf?.(query) ?? reader.spec;
  const app = base.withTypeProvider<ZodTypeProvider>();
  const columns = (use: 'sort' | 'filter') => declaredKeys(table, use).join(', ');
  // A declared body extends the table body; its own fields reach the reader inside the query.
  const body = (table.body ?? tableQuery) as typeof tableQuery;
  const filterQuery = body.extend(filterColumn);
  // A path's parameters reach the reader inside the query too, beside the body's fields.
  const params = table.params ? { params: table.params } : {};
  const queryOf = (req: { body: TableQuery; params: unknown }): TableQuery =>
    table.params ? { ...req.body, ...(req.params as object) } : req.body;

  app.put(table.path, {
    config: { access },
    schema: {
      tags,
      summary: `${table.title} as a server-paged table`,
      description: `${pageDescription ? `${pageDescription} ` : ''}${rowsRule} orderBy: ${columns('sort')}. Filter columns: ${columns('filter')}. Any other column is 400.`,
      ...params,
      body,
      response: { 200: envelope(table.list) },
    },
    handler: async (req) => {
      assertTableQuery(specOf(req.body), req.body);
      const { rows, listFields, ...counts } = await reader.page(db, requireActor(req), queryOf(req));
      return ok({ [table.listKey]: rows, page: req.body.page, ...counts, ...listFields } as List);
    },
  });

  // A shared filter endpoint (the table's `sharedFilters`) is registered by the module that owns it.
  if (!table.sharedFilters) {
    app.put(`${table.path}/Filters`, {
      config: { access },
      schema: {
        tags,
        summary: `Distinct values of one ${table.title} column, under its other filters`,
        description: `${rowsRule} At most ${FILTER_OPTIONS_LIMIT} values; isTruncated says there were more.`,
        ...params,
        body: filterQuery,
        response: { 200: envelope(filterOptions) },
      },
      handler: async (req) => {
        assertTableQuery(specOf(req.body), req.body, req.body.column);
        const values = await reader.values(db, requireActor(req), queryOf(req), req.body.column);
        return ok(filterOptionsOf(values));
      },
    });
  }

  if (table.hasExport === false) {
    return;
  }
  app.put(`${table.path}/Export`, {
    config: { access: exportAccess },
    schema: {
      tags,
      summary: `The whole filtered ${table.title} table as a streamed CSV file`,
      description: `${rowsRule} Same body as PUT ${table.path}; the columns of the screen, dates in localTimeZone; highest id first. Every cell beginning with = + - @, tab or CR is prefixed with a single quote.`,
      ...params,
      body,
      produces: ['text/csv'],
    },
    handler: async (req, reply) => {
      assertTableQuery(specOf(req.body), req.body);
      const actor = requireActor(req);
      const query = queryOf(req);
      const csv = reader.csv
        ? await reader.csv(db, actor, query, timeZoneOrUtc(req.body.localTimeZone))
        : await csvExport(
            // Registration refused an exported table whose reader has neither.
            reader.batches!(db, actor, query),
            table.rowId,
            declaredCsvColumns(table, req.body.localTimeZone, query),
          );
      return sendCsv(reply, table.csvFile, csv);
    },
  });
}
