import { nowIso, type Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import { sameText, snapshot } from './item-queries.ts';
import { mayWriteMarket, mayWriteRegion, requireScope, type WriteScope } from './scope.ts';
import {
  created,
  createdAsSaved,
  exists,
  found,
  requireWritable,
  updated,
  write,
  type WriteTarget,
} from './write-kernel.ts';

/** Saves and updates of markets, agencies and the practices agencies offer. */

// ---------------------------------------------------------------- markets and agencies

export function saveMarket(
  db: WriteTarget,
  actor: Actor,
  input: { Description: string; Code: string; RegionId: number },
) {
  return write(db, actor, async (trx, scope) => {
    await found(trx, 'Region', input.RegionId);
    requireScope(mayWriteRegion(scope, input.RegionId), 'Market');
    const clash = await trx
      .selectFrom('markets')
      .select('marketId')
      .where('regionId', '=', input.RegionId)
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Market', input.Description);
    }
    const { marketId } = await trx
      .insertInto('markets')
      .values({ regionId: input.RegionId, description: input.Description, code: input.Code })
      .returning('marketId')
      .executeTakeFirstOrThrow();
    return {
      result: { marketId },
      log: [await createdAsSaved(trx, 'Market', marketId, input.Description)],
    };
  });
}

export function updateMarket(
  db: WriteTarget,
  actor: Actor,
  input: { marketId: number; description: string; code: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Market', input.marketId);
    await requireWritable(trx, scope, 'Market', at);
    const clash = await trx
      .selectFrom('markets')
      .select('marketId')
      .where('regionId', '=', at.regionId ?? 0)
      .where(sameText('description', input.description))
      .where('marketId', '!=', input.marketId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Market', input.description);
    }
    const before = await snapshot(trx, 'Market', input.marketId);
    await trx
      .updateTable('markets')
      .set({ description: input.description, code: input.code, updatedDate: nowIso() })
      .where('marketId', '=', input.marketId)
      .execute();
    const after = await snapshot(trx, 'Market', input.marketId);
    return {
      result: { marketId: input.marketId },
      log: [updated('Market', input.marketId, input.description, before, after)],
    };
  });
}

export function saveAgency(db: WriteTarget, actor: Actor, input: { Description: string; MarketId: number }) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Market', input.MarketId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Agency');
    const clash = await trx
      .selectFrom('agencies')
      .select('agencyId')
      .where('marketId', '=', input.MarketId)
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    if (clash) {
      throw exists('Agency', input.Description);
    }
    const { agencyId } = await trx
      .insertInto('agencies')
      .values({ marketId: input.MarketId, description: input.Description })
      .returning('agencyId')
      .executeTakeFirstOrThrow();
    return {
      result: { agencyId },
      log: [await createdAsSaved(trx, 'Agency', agencyId, input.Description)],
    };
  });
}

export function updateAgency(
  db: WriteTarget,
  actor: Actor,
  input: { agencyId: number; description: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', input.agencyId);
    await requireWritable(trx, scope, 'Agency', at);
    const clash = await trx
      .selectFrom('agencies')
      .select('agencyId')
      .where('marketId', '=', at.marketId ?? 0)
      .where(sameText('description', input.description))
      .where('agencyId', '!=', input.agencyId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Agency', input.description);
    }
    const before = await snapshot(trx, 'Agency', input.agencyId);
    await trx
      .updateTable('agencies')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('agencyId', '=', input.agencyId)
      .execute();
    const after = await snapshot(trx, 'Agency', input.agencyId);
    return {
      result: { agencyId: input.agencyId },
      log: [updated('Agency', input.agencyId, input.description, before, after)],
    };
  });
}

// ---------------------------------------------------------------- practices

/** Every agency offering the practice lies in the scope: it may be renamed. */
async function requireWholePractice(q: Executor, scope: WriteScope, practiceId: number) {
  if (scope.kind === 'all') {
    return;
  }
  const markets = await q
    .selectFrom('agencyPractices as ap')
    .innerJoin('agencies as a', 'a.agencyId', 'ap.agencyId')
    .innerJoin('markets as mk', 'mk.marketId', 'a.marketId')
    .select(['mk.regionId', 'mk.marketId'])
    .where('ap.practiceId', '=', practiceId)
    .execute();
  requireScope(
    markets.every((m) => mayWriteMarket(scope, m.regionId, m.marketId)),
    'Practice',
  );
}

/** SavePractice: the practice of that name (made when new) offered by the agency. */
export function savePractice(
  db: WriteTarget,
  actor: Actor,
  input: { Description: string; AgencyId: number },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Agency', input.AgencyId);
    requireScope(mayWriteMarket(scope, at.regionId, at.marketId), 'Practice');
    const existing = await trx
      .selectFrom('practices')
      .select('practiceId')
      .where(sameText('description', input.Description))
      .executeTakeFirst();
    const practiceId =
      existing?.practiceId ??
      (
        await trx
          .insertInto('practices')
          .values({ description: input.Description })
          .returning('practiceId')
          .executeTakeFirstOrThrow()
      ).practiceId;
    const linked = await trx
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('agencyId', '=', input.AgencyId)
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    if (linked) {
      throw exists('Practice', input.Description);
    }
    const { agencyPracticeId } = await trx
      .insertInto('agencyPractices')
      .values({ agencyId: input.AgencyId, practiceId })
      .returning('agencyPracticeId')
      .executeTakeFirstOrThrow();
    const after = { ...(await snapshot(trx, 'Practice', agencyPracticeId)), description: input.Description };
    return {
      result: { agencyPracticeId, practiceId },
      log: [created('Practice', agencyPracticeId, input.Description, after)],
    };
  });
}

/** PUT Practice: renames the practice; every agency offering it must be in the caller's scope. */
export function updatePractice(
  db: WriteTarget,
  actor: Actor,
  input: { agencyPracticeId: number; description: string },
) {
  return write(db, actor, async (trx, scope) => {
    const at = await found(trx, 'Practice', input.agencyPracticeId);
    await requireWritable(trx, scope, 'Practice', at);
    const practiceId = at.practiceId ?? 0;
    await requireWholePractice(trx, scope, practiceId);
    const clash = await trx
      .selectFrom('practices')
      .select('practiceId')
      .where(sameText('description', input.description))
      .where('practiceId', '!=', practiceId)
      .executeTakeFirst();
    if (clash) {
      throw exists('Practice', input.description);
    }
    const before = await trx
      .selectFrom('practices')
      .selectAll()
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    await trx
      .updateTable('practices')
      .set({ description: input.description, updatedDate: nowIso() })
      .where('practiceId', '=', practiceId)
      .execute();
    const after = await trx
      .selectFrom('practices')
      .selectAll()
      .where('practiceId', '=', practiceId)
      .executeTakeFirst();
    const links = await trx
      .selectFrom('agencyPractices')
      .select('agencyPracticeId')
      .where('practiceId', '=', practiceId)
      .execute();
    return {
      result: { agencyPracticeId: input.agencyPracticeId, practiceId },
      log: links.map((l) => updated('Practice', l.agencyPracticeId, input.description, before, after)),
    };
  });
}
