import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The level ids a row of a path carries (a request line, an assignment, a master approver row, a path). */
interface PracticePath {
  regionId: number;
  marketId: number;
  agencyId: number;
  practiceId: number;
}

/** The level tables `joinPracticeNames` adds: region `rg`, market `mk`, agency `ag`, practice `pr`. */
interface PracticeNames {
  rg: Database['regions'];
  mk: Database['markets'];
  ag: Database['agencies'];
  pr: Database['practices'];
}

/**
 * Joins the region, market, agency and practice of the path that the row `alias` carries
 * (inner joins: the four ids are NOT NULL foreign keys), as rg, mk, ag and pr.
 */
export function joinPracticeNames<
  A extends string,
  DB extends Record<A, PracticePath>,
  TB extends keyof DB,
  O,
>(
  qb: SelectQueryBuilder<DB, TB, O>,
  alias: A,
): SelectQueryBuilder<DB & PracticeNames, TB | keyof PracticeNames, O> {
  const row = qb as unknown as SelectQueryBuilder<Database & { x: PracticePath }, 'x', O>;
  const ref = (level: keyof PracticePath) => `${alias}.${level}` as `x.${typeof level}`;
  return row
    .innerJoin('regions as rg', 'rg.regionId', ref('regionId'))
    .innerJoin('markets as mk', 'mk.marketId', ref('marketId'))
    .innerJoin('agencies as ag', 'ag.agencyId', ref('agencyId'))
    .innerJoin('practices as pr', 'pr.practiceId', ref('practiceId')) as unknown as SelectQueryBuilder<
    DB & PracticeNames,
    TB | keyof PracticeNames,
    O
  >;
}

/** The names `joinPracticeNames` joins, as a row selects them. */
export const practiceNameColumns = [
  'rg.description as regionName',
  'mk.description as marketName',
  'ag.description as agencyName',
  'pr.description as practiceName',
] as const;
