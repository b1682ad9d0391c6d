import type { Executor } from '../../db/connection.ts';
import type { Actor } from '../../http/actor.ts';
import * as g from './geography-write-queries.ts';
import { snapshot } from './item-queries.ts';
import { mayWriteMarket, requireScope, type WriteScope } from './scope.ts';
import {
  created,
  exists,
  found,
  requireWritable,
  saveItem,
  updateItem,
  updateOffered,
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
  return saveItem(db, actor, {
    type: 'Market',
    name: input.Description,
    under: (trx) => found(trx, 'Region', input.RegionId),
    taken: (trx) => g.findMarketNamed(trx, input.RegionId, input.Description),
    insert: (trx) =>
      g.insertMarket(trx, { regionId: input.RegionId, description: input.Description, code: input.Code }),
    result: (marketId) => ({ marketId }),
  });
}

export function updateMarket(
  db: WriteTarget,
  actor: Actor,
  input: { marketId: number; description: string; code: string },
) {
  const id = input.marketId;
  return updateItem(db, actor, {
    type: 'Market',
    id,
    name: input.description,
    taken: (trx, at) => g.findMarketNamed(trx, at.regionId ?? 0, input.description, id),
    change: (trx) => g.updateMarketRow(trx, id, { description: input.description, code: input.code }),
    result: { marketId: id },
  });
}

export function saveAgency(db: WriteTarget, actor: Actor, input: { Description: string; MarketId: number }) {
  return saveItem(db, actor, {
    type: 'Agency',
    name: input.Description,
    under: (trx) => found(trx, 'Market', input.MarketId),
    taken: (trx) => g.findAgencyNamed(trx, input.MarketId, input.Description),
    insert: (trx) => g.insertAgency(trx, { marketId: input.MarketId, description: input.Description }),
    result: (agencyId) => ({ agencyId }),
  });
}

export function updateAgency(
  db: WriteTarget,
  actor: Actor,
  input: { agencyId: number; description: string },
) {
  const id = input.agencyId;
  return updateItem(db, actor, {
    type: 'Agency',
    id,
    name: input.description,
    taken: (trx, at) => g.findAgencyNamed(trx, at.marketId ?? 0, input.description, id),
    change: (trx) => g.renameAgency(trx, id, input.description),
    result: { agencyId: id },
  });
}

// ---------------------------------------------------------------- practices

/** Every agency offering the practice lies in the scope: it may be renamed. */
async function requireWholePractice(q: Executor, scope: WriteScope, practiceId: number) {
  if (scope.kind === 'all') {
    return;
  }
  const markets = await g.findPracticeMarkets(q, practiceId);
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
    const existing = await g.findPracticeNamed(trx, input.Description);
    const practiceId = existing?.practiceId ?? (await g.insertPractice(trx, input.Description));
    if (await g.findAgencyPractice(trx, input.AgencyId, practiceId)) {
      throw exists('Practice', input.Description);
    }
    const agencyPracticeId = await g.insertAgencyPractice(trx, input.AgencyId, practiceId);
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
  return updateOffered(db, actor, {
    type: 'Practice',
    name: input.description,
    find: async (trx, scope) => {
      const at = await found(trx, 'Practice', input.agencyPracticeId);
      await requireWritable(trx, scope, 'Practice', at);
      const practiceId = at.practiceId ?? 0;
      await requireWholePractice(trx, scope, practiceId);
      return practiceId;
    },
    taken: (trx, practiceId) => g.findPracticeNamed(trx, input.description, practiceId),
    read: (trx, practiceId) => g.findPracticeRow(trx, practiceId),
    change: (trx, practiceId) => g.renamePractice(trx, practiceId, input.description),
    offers: async (trx, practiceId) =>
      (await g.findPracticeOffers(trx, practiceId)).map((l) => l.agencyPracticeId),
    result: (practiceId) => ({ agencyPracticeId: input.agencyPracticeId, practiceId }),
  });
}
