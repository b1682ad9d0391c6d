import { useMemo } from 'react';
import { accessReviewScopeListNames, accessReviewScopeLists, type AccessReviewScopeList } from '@uap/domain';
import Box from '@mui/material/Box';
import { useScopeCatalog } from '../../api/access-reviews.ts';
import type { Option } from '../../components/forms/OptionSelect.tsx';
import { MultiPick } from './MultiPick.tsx';

/** The named parts of a campaign's scope, as the form holds them (empty: any). */
export type ScopeLists = Record<AccessReviewScopeList, number[]>;

export const emptyScopeLists: ScopeLists = {
  regionIds: [],
  marketIds: [],
  agencyIds: [],
  practiceIds: [],
  platformIds: [],
  clientIds: [],
  platformUserTypeIds: [],
};

/** Kept when `ids` is empty (nothing picked narrows nothing), else only what it names. */
const within = (ids: readonly number[], id: number) => ids.length === 0 || ids.includes(id);

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Unique options by id, sorted by their words. */
function options<T>(rows: readonly T[] | undefined, pick: (row: T) => Option): Option[] | undefined {
  return rows && [...new Map(rows.map((row) => [pick(row).id, pick(row)])).values()].sort(byLabel);
}

/**
 * The multi-selects of a campaign's scope, each narrowed by what its parents name (markets by
 * the regions, agencies by the markets, clients by the platforms and agencies …). Regions and
 * markets are those of the caller's admin rows: the server holds an administrator to them.
 */
export function ScopeFields(props: { value: ScopeLists; onChange: (value: ScopeLists) => void }) {
  const scopeCatalog = useScopeCatalog();
  const { value } = props;
  // The lists by their data, so a keystroke elsewhere in the form does not filter them again.
  const regions = scopeCatalog.regions.data;
  const allMarkets = scopeCatalog.markets.data;
  const allAgencies = scopeCatalog.agencies.data;
  const allPaths = scopeCatalog.paths.data;
  const platforms = scopeCatalog.platforms.data;
  const clients = scopeCatalog.clients.data;
  const userTypes = scopeCatalog.userTypes.data;
  const set = (key: AccessReviewScopeList) => (ids: number[]) => {
    props.onChange({ ...value, [key]: ids });
  };
  const lists = useMemo(() => {
    const markets = allMarkets?.filter((m) => within(value.regionIds, m.regionId));
    const marketIds = new Set(markets?.map((m) => m.marketId));
    const agencies = allAgencies?.filter(
      (a) => marketIds.has(a.marketId) && within(value.marketIds, a.marketId),
    );
    const paths = allPaths?.filter(
      (p) => within(value.agencyIds, p.agencyId) && within(value.platformIds, p.platformId),
    );
    return {
      regionIds: options(regions, (r) => ({ id: r.regionId, label: r.description })),
      marketIds: options(markets, (m) => ({ id: m.marketId, label: m.description })),
      agencyIds: options(agencies, (a) => ({ id: a.agencyId, label: a.description })),
      practiceIds: options(paths, (p) => ({ id: p.practiceId, label: p.practiceName })),
      platformIds: options(
        platforms?.filter(
          (p) => value.agencyIds.length === 0 || p.agencies.some((a) => value.agencyIds.includes(a.agencyId)),
        ),
        (p) => ({ id: p.platformId, label: p.platform }),
      ),
      clientIds: options(
        clients?.filter(
          (c) => within(value.platformIds, c.platformId) && within(value.agencyIds, c.agencyId),
        ),
        (c) => ({ id: c.clientId, label: c.description }),
      ),
      platformUserTypeIds: options(
        userTypes?.filter((t) => within(value.platformIds, t.platformId)),
        (t) => {
          const platform = platforms?.find((p) => p.platformId === t.platformId)?.platform;
          return {
            id: t.platformUserTypeId,
            label: platform ? `${t.description} (${platform})` : t.description,
          };
        },
      ),
    };
  }, [regions, allMarkets, allAgencies, allPaths, platforms, clients, userTypes, value]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {accessReviewScopeLists.map((list) => (
        <MultiPick
          key={list}
          label={accessReviewScopeListNames[list].many}
          value={value[list]}
          options={lists[list]}
          onChange={set(list)}
        />
      ))}
    </Box>
  );
}
