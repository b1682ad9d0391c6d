import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { MasterDataType } from '@uap/domain';
import {
  useAdminAgencies,
  useAdminClients,
  useAdminMarkets,
  useAdminPlatforms,
  useAdminPractices,
  useAdminRegions,
} from '../../api/master-data.ts';
import {
  levelLabel,
  levelsOf,
  noParents,
  parentLevels,
  type ParentLevel,
  type Parents,
} from './master-data-form.ts';

interface Option {
  id: number;
  label: string;
}

const inactive = (isDeleted: boolean) => (isDeleted ? ' (Inactive)' : '');

/** The parents chosen so far, with the levels below `level` cleared and `level` set to `id`. */
export function withLevel(parents: Parents, level: ParentLevel, id: number | null): Parents {
  const index = parentLevels.indexOf(level);
  const next: Parents = { ...noParents };
  for (const l of parentLevels.slice(0, index)) {
    next[l] = parents[l];
  }
  next[level] = id;
  return next;
}

/**
 * The cascading parent selectors of a type (Region, Market, Agency, Practice, Platform, Client):
 * each narrows the table and names the parent of a new item; changing one clears those below.
 */
export function ParentSelectors(props: {
  type: MasterDataType;
  value: Parents;
  onChange: (next: Parents) => void;
}) {
  const { type, value, onChange } = props;
  const levels = levelsOf[type];
  const shows = (level: ParentLevel) => levels.includes(level);
  const regions = useAdminRegions();
  const markets = useAdminMarkets(shows('marketId') ? value.regionId : null);
  const agencies = useAdminAgencies(shows('agencyId') ? value.marketId : null);
  const practices = useAdminPractices(shows('practiceId') ? value.agencyId : null);
  const platforms = useAdminPlatforms(
    shows('platformId') ? value.agencyId : null,
    shows('platformId') ? value.practiceId : null,
  );
  const clients = useAdminClients(
    shows('clientId') ? value.platformId : null,
    shows('clientId') ? value.agencyId : null,
  );
  const options: Record<ParentLevel, Option[] | undefined> = {
    regionId: regions.data?.map((r) => ({ id: r.regionId, label: r.description + inactive(r.isDeleted) })),
    marketId: markets.data?.map((m) => ({ id: m.marketId, label: m.description + inactive(m.isDeleted) })),
    agencyId: agencies.data?.map((a) => ({ id: a.agencyId, label: a.description + inactive(a.isDeleted) })),
    practiceId: practices.data?.map((p) => ({
      id: p.practice.practiceId,
      label: p.practice.description + inactive(p.isDeleted),
    })),
    platformId: platforms.data?.map((p) => ({
      id: p.platformId,
      label: p.description + inactive(p.isDeleted),
    })),
    clientId: clients.data?.map((c) => ({ id: c.clientId, label: c.description + inactive(c.isDeleted) })),
  };
  if (levels.length === 0) {
    return null;
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)', lg: `repeat(${levels.length}, 1fr)` },
        gap: 2,
        mb: 2,
      }}
    >
      {levels.map((level, index) => {
        const above = index === 0 ? null : levels[index - 1]!;
        const isWaiting = above !== null && value[above] === null;
        const list = options[level] ?? [];
        return (
          <TextField
            key={level}
            select
            size="small"
            label={levelLabel[level]}
            value={value[level] === null ? '' : String(value[level])}
            disabled={isWaiting}
            onChange={(e) => {
              onChange(withLevel(value, level, e.target.value === '' ? null : Number(e.target.value)));
            }}
          >
            <MenuItem value="">
              <em>Any {levelLabel[level].toLowerCase()}</em>
            </MenuItem>
            {list.map((o) => (
              <MenuItem key={o.id} value={String(o.id)}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Box>
  );
}
